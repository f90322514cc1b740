CREATE TABLE `text_reads` (
	`user_id` integer NOT NULL,
	`list` text NOT NULL,
	`record_id` integer NOT NULL,
	`last_text_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `list`, `record_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `sms_inbound` ADD `list` text;--> statement-breakpoint
ALTER TABLE `sms_inbound` ADD `record_id` integer;--> statement-breakpoint
CREATE INDEX `sms_inbound_record_idx` ON `sms_inbound` (`list`,`record_id`,`id`);--> statement-breakpoint
CREATE INDEX `appointments_phone_idx` ON `appointments` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_phone_idx` ON `contact_messages` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_phone_idx` ON `orders` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `repairs_phone_idx` ON `repairs` (`phone`,`created_at`);