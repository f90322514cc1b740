ALTER TABLE `appointments` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `calendar_file` text;