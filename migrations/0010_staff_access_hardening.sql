ALTER TABLE `audit_log` ADD `rollup_key` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `last_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_rollup_key_unique` ON `audit_log` (`rollup_key`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `sent_by` text;--> statement-breakpoint
-- Audit entries stay unchangeable, except that a rolled-up failed sign-in may count one more try (decision 089).
DROP TRIGGER `audit_log_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
WHEN NOT (
	OLD.`rollup_key` IS NOT NULL AND NEW.`rollup_key` IS OLD.`rollup_key` AND NEW.`count` = OLD.`count` + 1
	AND NEW.`id` = OLD.`id` AND NEW.`created_at` = OLD.`created_at` AND NEW.`actor_id` IS OLD.`actor_id`
	AND NEW.`actor_email` = OLD.`actor_email` AND NEW.`action` = OLD.`action` AND NEW.`target` = OLD.`target`
	AND NEW.`details` = OLD.`details` AND NEW.`ip` = OLD.`ip` AND NEW.`user_agent` = OLD.`user_agent`
)
BEGIN
	SELECT RAISE(ABORT, 'audit entries cannot be changed');
END;--> statement-breakpoint
-- The store always has an owner: the owner's row cannot be deleted, by any path or race (decision 090).
CREATE TRIGGER `users_owner_not_deleted` BEFORE DELETE ON `users`
WHEN OLD.`role` = 'owner'
BEGIN
	SELECT RAISE(ABORT, 'the owner cannot be removed');
END;
