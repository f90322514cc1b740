-- Visitor messages: confirmations, reminders, self-service changes and texts that honour STOP
-- (docs/decisions/065 to 069). Hand-written; tests/worker/migration-0006.test.ts runs it over rows
-- stored before it.

-- A cancelled, spam or no-show appointment keeps its row but no longer holds its seat: the unique
-- index that makes double-booking impossible (docs/decisions/023) now covers only the appointments
-- that still hold one. Every pair it covered before was unique, so every subset still is.
DROP INDEX `appointments_slot_seat_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_slot_seat_unique` ON `appointments` (`date`,`time`,`slot_seat`) WHERE `status` NOT IN ('cancelled', 'spam', 'no_show');
--> statement-breakpoint
-- Where the visitor wants the confirmation and reminder e-mailed (optional).
ALTER TABLE `appointments` ADD `email` text;
--> statement-breakpoint
-- The latest change the visitor made from the manage page: what follows the change in the same batch
-- (messages, history) is written only where this matches, so it happens only if the change did.
ALTER TABLE `appointments` ADD `change_id` text;
--> statement-breakpoint

-- Consent records outlive the message or appointment they came with (kept 4 years): the rebuilt table
-- has no cascading foreign key, and it names the number the consent is for, in E.164 (+1 and ten
-- digits; NULL when the form's number cannot receive texts).
CREATE TABLE `consent_records_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text,
	`contact_message_id` integer,
	`appointment_id` integer,
	`consent_version` text NOT NULL,
	`consent_text` text NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `consent_records_new` (`id`, `phone`, `contact_message_id`, `appointment_id`, `consent_version`, `consent_text`, `ip`, `created_at`)
SELECT c.`id`,
  CASE
    WHEN length(d.`digits`) = 10 THEN '+1' || d.`digits`
    WHEN length(d.`digits`) = 11 AND substr(d.`digits`, 1, 1) = '1' THEN '+' || d.`digits`
    ELSE NULL
  END,
  c.`contact_message_id`, NULL, c.`consent_version`, c.`consent_text`, c.`ip`, c.`created_at`
FROM `consent_records` c
LEFT JOIN (
  SELECT `id`, replace(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS `digits`
  FROM `contact_messages`
) d ON d.`id` = c.`contact_message_id`;
--> statement-breakpoint
DROP TABLE `consent_records`;
--> statement-breakpoint
ALTER TABLE `consent_records_new` RENAME TO `consent_records`;
--> statement-breakpoint
CREATE INDEX `consent_records_contact_message_idx` ON `consent_records` (`contact_message_id`);
--> statement-breakpoint
CREATE INDEX `consent_records_appointment_idx` ON `consent_records` (`appointment_id`);
--> statement-breakpoint
CREATE INDEX `consent_records_phone_idx` ON `consent_records` (`phone`);
--> statement-breakpoint
CREATE INDEX `consent_records_created_at_idx` ON `consent_records` (`created_at`);
--> statement-breakpoint

-- The opt-out list, as a log kept 4 years: a number is opted out while its newest row says 'stop'.
CREATE TABLE `sms_opt_outs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`action` text NOT NULL,
	`keyword` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_opt_outs_phone_idx` ON `sms_opt_outs` (`phone`,`id`);
--> statement-breakpoint
CREATE INDEX `sms_opt_outs_created_at_idx` ON `sms_opt_outs` (`created_at`);
--> statement-breakpoint

-- Texts received through the provider's webhook; Twilio's MessageSid makes a retried webhook store once.
CREATE TABLE `sms_inbound` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_sid` text NOT NULL,
	`from_phone` text NOT NULL,
	`to_phone` text NOT NULL,
	`body` text NOT NULL,
	`keyword` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_inbound_message_sid_unique` ON `sms_inbound` (`message_sid`);
--> statement-breakpoint
CREATE INDEX `sms_inbound_from_phone_idx` ON `sms_inbound` (`from_phone`,`created_at`);
--> statement-breakpoint
CREATE INDEX `sms_inbound_created_at_idx` ON `sms_inbound` (`created_at`);
--> statement-breakpoint

-- What happened to a lead after it arrived (a visitor's reschedule or cancellation), for its history.
CREATE TABLE `lead_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_kind` text NOT NULL,
	`record_id` integer NOT NULL,
	`type` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_events_record_idx` ON `lead_events` (`lead_kind`,`record_id`,`created_at`);
--> statement-breakpoint
CREATE TRIGGER `appointments_events_delete` AFTER DELETE ON `appointments` BEGIN
  DELETE FROM `lead_events` WHERE `lead_kind` = 'appointment' AND `record_id` = old.`id`;
END;
--> statement-breakpoint

-- One outbox for e-mail and SMS. Rows stored before this are staff e-mails, whose kind is their lead's kind.
ALTER TABLE `outbox` ADD `channel` text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
ALTER TABLE `outbox` ADD `lead_kind` text;
--> statement-breakpoint
UPDATE `outbox` SET `lead_kind` = `kind` WHERE `lead_kind` IS NULL;
--> statement-breakpoint
-- For a message about an appointment's time (a reminder): sent only while the appointment still starts then.
ALTER TABLE `outbox` ADD `starts_at` integer;
--> statement-breakpoint
-- When the message was counted against the daily limits (set once, just before its first send).
ALTER TABLE `outbox` ADD `counted_at` integer;
--> statement-breakpoint
-- The provider's id for a sent message (Twilio's Message SID).
ALTER TABLE `outbox` ADD `provider_id` text;
--> statement-breakpoint
-- A staff text's form id: a double click queues one text.
ALTER TABLE `outbox` ADD `dedupe_key` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe_key_unique` ON `outbox` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `outbox_lead_idx` ON `outbox` (`lead_kind`,`record_id`);
--> statement-breakpoint
CREATE INDEX `outbox_recipient_counted_idx` ON `outbox` (`channel`,`recipient`,`counted_at`);
--> statement-breakpoint
CREATE INDEX `outbox_channel_counted_idx` ON `outbox` (`channel`,`counted_at`);
