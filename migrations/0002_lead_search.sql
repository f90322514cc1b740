-- Staff search over name, e-mail and phone without reading whole tables.
-- One FTS5 index per inbox, rowid = the lead's id, kept in step by triggers.
-- The trigram tokenizer matches any substring of 3+ characters ("lace" finds
-- "Lovelace"); the phone column also holds the digits alone, so "5550100"
-- finds "(901) 555-0100". Appointments have no e-mail; the column stays empty.
-- Hand-written (drizzle-kit does not model virtual tables); see docs/decisions/031.
CREATE VIRTUAL TABLE `appointments_search` USING fts5(`name`, `email`, `phone`, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_search` USING fts5(`name`, `email`, `phone`, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_messages_search` USING fts5(`name`, `email`, `phone`, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `appointments_search_insert` AFTER INSERT ON `appointments` BEGIN
  INSERT INTO `appointments_search` (rowid, `name`, `email`, `phone`)
  VALUES (new.`id`, new.`name`, '', new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_search_update` AFTER UPDATE OF `name`, `phone` ON `appointments` BEGIN
  UPDATE `appointments_search`
  SET `name` = new.`name`,
      `phone` = new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
  WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_search_delete` AFTER DELETE ON `appointments` BEGIN
  DELETE FROM `appointments_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search` (rowid, `name`, `email`, `phone`)
  VALUES (new.`id`, new.`name`, new.`email`, new.`phone_number` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `name`, `email`, `phone_number` ON `orders` BEGIN
  UPDATE `orders_search`
  SET `name` = new.`name`,
      `email` = new.`email`,
      `phone` = new.`phone_number` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
  WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN
  DELETE FROM `orders_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_insert` AFTER INSERT ON `contact_messages` BEGIN
  INSERT INTO `contact_messages_search` (rowid, `name`, `email`, `phone`)
  VALUES (new.`id`, new.`name`, new.`email`, new.`phone_number` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_update` AFTER UPDATE OF `name`, `email`, `phone_number` ON `contact_messages` BEGIN
  UPDATE `contact_messages_search`
  SET `name` = new.`name`,
      `email` = new.`email`,
      `phone` = new.`phone_number` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
  WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_delete` AFTER DELETE ON `contact_messages` BEGIN
  DELETE FROM `contact_messages_search` WHERE rowid = old.`id`;
END;
--> statement-breakpoint
-- Rows stored before this migration.
INSERT INTO `appointments_search` (rowid, `name`, `email`, `phone`)
SELECT `id`, `name`, '', `phone` || ' ' || replace(replace(replace(replace(replace(replace(`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') FROM `appointments`;
--> statement-breakpoint
INSERT INTO `orders_search` (rowid, `name`, `email`, `phone`)
SELECT `id`, `name`, `email`, `phone_number` || ' ' || replace(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') FROM `orders`;
--> statement-breakpoint
INSERT INTO `contact_messages_search` (rowid, `name`, `email`, `phone`)
SELECT `id`, `name`, `email`, `phone_number` || ' ' || replace(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') FROM `contact_messages`;
--> statement-breakpoint
-- The upcoming/past appointment views filtered by status (e.g. past no-shows).
CREATE INDEX IF NOT EXISTS `appointments_status_starts_at_idx` ON `appointments` (`status`, `starts_at`);
