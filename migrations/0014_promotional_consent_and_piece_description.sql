DROP INDEX `consent_records_phone_idx`;--> statement-breakpoint
ALTER TABLE `consent_records` ADD `purpose` text DEFAULT 'transactional' NOT NULL;--> statement-breakpoint
CREATE INDEX `consent_records_phone_idx` ON `consent_records` (`phone`,`purpose`);--> statement-breakpoint
ALTER TABLE `orders` ADD `piece_description` text;