ALTER TABLE `outbox` ADD `delivery` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `delivery_error_code` integer;--> statement-breakpoint
CREATE INDEX `outbox_provider_id_idx` ON `outbox` (`provider_id`);