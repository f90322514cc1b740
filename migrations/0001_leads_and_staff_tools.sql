CREATE TABLE `consent_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_message_id` integer NOT NULL,
	`consent_version` text NOT NULL,
	`consent_text` text NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`contact_message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consent_records_contact_message_idx` ON `consent_records` (`contact_message_id`);--> statement-breakpoint
CREATE TABLE `inbox_seen` (
	`user_id` integer NOT NULL,
	`inbox` text NOT NULL,
	`last_seen_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `inbox`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`record_id` integer NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text_body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_created_at_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_status_next_attempt_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `appointments` ADD `starts_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `slot_seat` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `submission_token` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `staff_note` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_slot_seat_unique` ON `appointments` (`date`,`time`,`slot_seat`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_submission_token_unique` ON `appointments` (`submission_token`);--> statement-breakpoint
CREATE INDEX `appointments_status_created_at_idx` ON `appointments` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `appointments_starts_at_idx` ON `appointments` (`starts_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `submission_token` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `staff_note` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_submission_token_unique` ON `contact_messages` (`submission_token`);--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_at_idx` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `submission_token` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `staff_note` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_submission_token_unique` ON `orders` (`submission_token`);--> statement-breakpoint
CREATE INDEX `orders_status_created_at_idx` ON `orders` (`status`,`created_at`);