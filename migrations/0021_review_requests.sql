CREATE TABLE `review_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outbox_id` integer NOT NULL,
	`list` text NOT NULL,
	`record_id` integer NOT NULL,
	`channel` text NOT NULL,
	`phone` text,
	`email` text,
	`claimed_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_outbox_unique` ON `review_requests` (`outbox_id`);--> statement-breakpoint
CREATE INDEX `review_requests_phone_idx` ON `review_requests` (`phone`,`claimed_at`);--> statement-breakpoint
CREATE INDEX `review_requests_email_idx` ON `review_requests` (`email`,`claimed_at`);--> statement-breakpoint
CREATE INDEX `review_requests_sent_at_idx` ON `review_requests` (`sent_at`);