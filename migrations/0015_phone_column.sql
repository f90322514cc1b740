-- One name for a phone number (docs/decisions/125, 126): `phone`, as in appointments,
-- consent_records, sms_opt_outs and repairs. Made by drizzle-kit (the two renames);
-- the triggers by hand. The search triggers of 0002 name `phone_number`: they are
-- dropped before the rename and made again after it, with `phone`, so the result does
-- not hang on whether ALTER TABLE rewrites trigger bodies (SQLite 3.25+ does, with
-- legacy_alter_table off). The FTS5 tables keep their rows: rowids and text are the same.
-- No view or index names the old column; the delete triggers do not read it.
DROP TRIGGER `orders_search_insert`;--> statement-breakpoint
DROP TRIGGER `orders_search_update`;--> statement-breakpoint
DROP TRIGGER `contact_messages_search_insert`;--> statement-breakpoint
DROP TRIGGER `contact_messages_search_update`;--> statement-breakpoint
ALTER TABLE `contact_messages` RENAME COLUMN "phone_number" TO "phone";--> statement-breakpoint
ALTER TABLE `orders` RENAME COLUMN "phone_number" TO "phone";--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search` (rowid, `name`, `email`, `phone`)
  VALUES (new.`id`, new.`name`, new.`email`, new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF `name`, `email`, `phone` ON `orders` BEGIN
  UPDATE `orders_search`
  SET `name` = new.`name`,
      `email` = new.`email`,
      `phone` = new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
  WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_insert` AFTER INSERT ON `contact_messages` BEGIN
  INSERT INTO `contact_messages_search` (rowid, `name`, `email`, `phone`)
  VALUES (new.`id`, new.`name`, new.`email`, new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_search_update` AFTER UPDATE OF `name`, `email`, `phone` ON `contact_messages` BEGIN
  UPDATE `contact_messages_search`
  SET `name` = new.`name`,
      `email` = new.`email`,
      `phone` = new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
  WHERE rowid = old.`id`;
END;
