CREATE TABLE `repair_estimates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repair_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`change_id` text NOT NULL,
	`decision` text,
	`decided_at` integer,
	`decided_ip` text,
	`decision_change_id` text,
	FOREIGN KEY (`repair_id`) REFERENCES `repairs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `repair_estimates_repair_idx` ON `repair_estimates` (`repair_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `repair_estimates_change_unique` ON `repair_estimates` (`change_id`);--> statement-breakpoint
CREATE TABLE `repair_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`repair_id` integer NOT NULL,
	`stage` text NOT NULL,
	`object_key` text NOT NULL,
	`content_type` text NOT NULL,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`position` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`repair_id`) REFERENCES `repairs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `repair_photos_object_key_unique` ON `repair_photos` (`object_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `repair_photos_stage_position_unique` ON `repair_photos` (`repair_id`,`stage`,`position`);--> statement-breakpoint
ALTER TABLE `repairs` ADD `condition_notes` text DEFAULT '' NOT NULL;