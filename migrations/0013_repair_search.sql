-- Staff search over repairs, as for the lead inboxes (0002, docs/decisions/031): an FTS5
-- trigram index, rowid = the repair's id, kept in step by triggers. It holds the name,
-- e-mail, phone (also as digits alone), the ticket number (also without its dashes)
-- and the item. Hand-written: drizzle-kit does not model virtual tables.
CREATE VIRTUAL TABLE `repairs_search` USING fts5(`name`, `email`, `phone`, `ticket`, `item`, tokenize = 'trigram');
--> statement-breakpoint
CREATE TRIGGER `repairs_search_insert` AFTER INSERT ON `repairs` BEGIN
  INSERT INTO `repairs_search` (rowid, `name`, `email`, `phone`, `ticket`, `item`)
  VALUES (new.`id`, new.`name`, coalesce(new.`email`, ''),
    new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''),
    new.`ticket` || ' ' || replace(new.`ticket`, '-', ''), new.`item`);
END;
--> statement-breakpoint
CREATE TRIGGER `repairs_search_update` AFTER UPDATE OF `name`, `email`, `phone`, `item` ON `repairs` BEGIN
  UPDATE `repairs_search`
  SET `name` = new.`name`,
      `email` = coalesce(new.`email`, ''),
      `phone` = new.`phone` || ' ' || replace(replace(replace(replace(replace(replace(new.`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''),
      `item` = new.`item`
  WHERE rowid = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `repairs_search_delete` AFTER DELETE ON `repairs` BEGIN
  DELETE FROM `repairs_search` WHERE rowid = old.`id`;
END;
