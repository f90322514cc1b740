CREATE TABLE `repair_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repair_id` integer NOT NULL,
	`status` text NOT NULL,
	`estimate_cents` integer,
	`promised_date` text NOT NULL,
	`actor_email` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`repair_id`) REFERENCES `repairs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `repair_events_repair_idx` ON `repair_events` (`repair_id`,`id`);--> statement-breakpoint
CREATE TABLE `repairs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket` text NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`phone_last4` text NOT NULL,
	`email` text,
	`item` text NOT NULL,
	`work` text NOT NULL,
	`work_detail` text DEFAULT '' NOT NULL,
	`estimate_cents` integer,
	`promised_date` text NOT NULL,
	`staff_note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`change_id` text NOT NULL,
	`text_consent` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text NOT NULL,
	`ready_at` integer,
	`closed_at` integer,
	`form_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `repairs_ticket_unique` ON `repairs` (`ticket`);--> statement-breakpoint
CREATE UNIQUE INDEX `repairs_form_id_unique` ON `repairs` (`form_id`);--> statement-breakpoint
CREATE INDEX `repairs_created_at_idx` ON `repairs` (`created_at`);--> statement-breakpoint
CREATE INDEX `repairs_status_created_at_idx` ON `repairs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `repairs_ready_at_idx` ON `repairs` (`ready_at`);--> statement-breakpoint
CREATE INDEX `repairs_closed_at_idx` ON `repairs` (`closed_at`);--> statement-breakpoint
ALTER TABLE `consent_records` ADD `repair_id` integer;--> statement-breakpoint
ALTER TABLE `consent_records` ADD `recorded_by` text;--> statement-breakpoint
CREATE INDEX `consent_records_repair_idx` ON `consent_records` (`repair_id`);