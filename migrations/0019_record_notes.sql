CREATE TABLE `record_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list` text NOT NULL,
	`record_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`actor` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `record_events_record_idx` ON `record_events` (`list`,`record_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `record_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list` text NOT NULL,
	`record_id` integer NOT NULL,
	`body` text NOT NULL,
	`author` text NOT NULL,
	`created_at` integer NOT NULL,
	`form_id` text
);
--> statement-breakpoint
CREATE INDEX `record_notes_record_idx` ON `record_notes` (`list`,`record_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `record_notes_form_id_unique` ON `record_notes` (`form_id`);--> statement-breakpoint
-- Each note kept in a record's staff_note moves into record_notes before the column goes (decision 140), signed
-- "before notes were kept" and dated by the record's latest change, the last moment it can have been written.
INSERT INTO `record_notes` (`list`, `record_id`, `body`, `author`, `created_at`)
SELECT 'appointments', `id`, `staff_note`, 'before notes were kept', COALESCE(`updated_at`, `created_at`) FROM `appointments` WHERE TRIM(`staff_note`) != '';--> statement-breakpoint
INSERT INTO `record_notes` (`list`, `record_id`, `body`, `author`, `created_at`)
SELECT 'orders', `id`, `staff_note`, 'before notes were kept', COALESCE(`updated_at`, `created_at`) FROM `orders` WHERE TRIM(`staff_note`) != '';--> statement-breakpoint
INSERT INTO `record_notes` (`list`, `record_id`, `body`, `author`, `created_at`)
SELECT 'contacts', `id`, `staff_note`, 'before notes were kept', COALESCE(`updated_at`, `created_at`) FROM `contact_messages` WHERE TRIM(`staff_note`) != '';--> statement-breakpoint
INSERT INTO `record_notes` (`list`, `record_id`, `body`, `author`, `created_at`)
SELECT 'repairs', `id`, `staff_note`, 'before notes were kept', `updated_at` FROM `repairs` WHERE TRIM(`staff_note`) != '';--> statement-breakpoint
ALTER TABLE `appointments` DROP COLUMN `staff_note`;--> statement-breakpoint
ALTER TABLE `contact_messages` DROP COLUMN `staff_note`;--> statement-breakpoint
ALTER TABLE `orders` DROP COLUMN `staff_note`;--> statement-breakpoint
ALTER TABLE `repairs` DROP COLUMN `staff_note`;