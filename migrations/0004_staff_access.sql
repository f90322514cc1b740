-- Staff access (decisions 055-059): a server-side row per session, so one session can end on its own.
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`ip` text NOT NULL,
	`user_agent` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_last_seen_idx` ON `sessions` (`user_id`,`last_seen_at`);--> statement-breakpoint
CREATE INDEX `sessions_last_seen_idx` ON `sessions` (`last_seen_at`);
--> statement-breakpoint
-- Passkeys (decision 057): each staff member's WebAuthn credentials, and the one-use challenges of their ceremonies.
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`);--> statement-breakpoint
CREATE TABLE `passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `passkey_challenges_expires_idx` ON `passkey_challenges` (`expires_at`);
--> statement-breakpoint
-- The staff list (decision 058): the first account is the owner; invitations and password links are single-use.
ALTER TABLE `users` ADD `role` text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
UPDATE `users` SET `role` = 'owner' WHERE `id` = (SELECT min(`id`) FROM `users`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
CREATE INDEX `invitations_expires_idx` ON `invitations` (`expires_at`);
--> statement-breakpoint
-- The audit trail (decision 059): append-only; only the retention job removes entries, and only after 2 years.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer NOT NULL,
	`actor_id` integer,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`ip` text NOT NULL,
	`user_agent` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_at_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit entries cannot be changed');
END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_early_delete` BEFORE DELETE ON `audit_log`
WHEN OLD.`created_at` > (CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 63072000000)
BEGIN
	SELECT RAISE(ABORT, 'audit entries are kept for 2 years');
END;
