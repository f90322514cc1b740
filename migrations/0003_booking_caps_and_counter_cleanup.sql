-- The cron deletes expired rate-limit counters in rounds by window_start (decision 053).
CREATE INDEX `rate_limits_window_start_idx` ON `rate_limits` (`window_start`);
--> statement-breakpoint
-- Booking caps (decision 051): the phone's last 10 digits, and for a day after booking, who booked (keyed hashes).
ALTER TABLE `appointments` ADD `phone_key` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `appointments` ADD `visitor_key` text;
--> statement-breakpoint
ALTER TABLE `appointments` ADD `address_key` text;
--> statement-breakpoint
UPDATE `appointments` SET `phone_key` = substr(replace(replace(replace(replace(replace(replace(`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), -10);
--> statement-breakpoint
CREATE INDEX `appointments_phone_key_starts_at_idx` ON `appointments` (`phone_key`,`starts_at`);
--> statement-breakpoint
CREATE INDEX `appointments_visitor_key_created_at_idx` ON `appointments` (`visitor_key`,`created_at`);
--> statement-breakpoint
CREATE INDEX `appointments_address_key_created_at_idx` ON `appointments` (`address_key`,`created_at`);
