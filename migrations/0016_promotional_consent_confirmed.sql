ALTER TABLE `consent_records` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `consent_records` ADD `confirmation_sid` text;