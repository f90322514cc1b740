ALTER TABLE `appointments` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `updated_at` integer;
--> statement-breakpoint
-- By hand (decision 105): the phones stored as typed become E.164, by the rule of
-- app/leads/phone.ts (toE164): ten digits are a US number, eleven with a leading 1
-- too, a + with 8 to 15 digits another country's. Anything else stays as typed.
-- The search triggers of 0002 re-index each changed row.
UPDATE `appointments` SET `phone` = n.`e164`
FROM (
  SELECT `id`,
    CASE
      WHEN `digits` = '' OR `digits` GLOB '*[^0-9]*' THEN NULL
      WHEN NOT `international` AND length(`digits`) = 10 THEN '+1' || `digits`
      WHEN length(`digits`) = 11 AND `digits` GLOB '1*' THEN '+' || `digits`
      WHEN `international` AND `digits` GLOB '[2-9]*' AND length(`digits`) BETWEEN 8 AND 15 THEN '+' || `digits`
    END AS `e164`
  FROM (SELECT `id`, trim(`phone`) GLOB '+*' AS `international`, replace(replace(replace(replace(replace(replace(`phone`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS `digits` FROM `appointments`)
) n
WHERE n.`id` = `appointments`.`id` AND n.`e164` IS NOT NULL AND n.`e164` <> `appointments`.`phone`;
--> statement-breakpoint
UPDATE `orders` SET `phone_number` = n.`e164`
FROM (
  SELECT `id`,
    CASE
      WHEN `digits` = '' OR `digits` GLOB '*[^0-9]*' THEN NULL
      WHEN NOT `international` AND length(`digits`) = 10 THEN '+1' || `digits`
      WHEN length(`digits`) = 11 AND `digits` GLOB '1*' THEN '+' || `digits`
      WHEN `international` AND `digits` GLOB '[2-9]*' AND length(`digits`) BETWEEN 8 AND 15 THEN '+' || `digits`
    END AS `e164`
  FROM (SELECT `id`, trim(`phone_number`) GLOB '+*' AS `international`, replace(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS `digits` FROM `orders`)
) n
WHERE n.`id` = `orders`.`id` AND n.`e164` IS NOT NULL AND n.`e164` <> `orders`.`phone_number`;
--> statement-breakpoint
UPDATE `contact_messages` SET `phone_number` = n.`e164`
FROM (
  SELECT `id`,
    CASE
      WHEN `digits` = '' OR `digits` GLOB '*[^0-9]*' THEN NULL
      WHEN NOT `international` AND length(`digits`) = 10 THEN '+1' || `digits`
      WHEN length(`digits`) = 11 AND `digits` GLOB '1*' THEN '+' || `digits`
      WHEN `international` AND `digits` GLOB '[2-9]*' AND length(`digits`) BETWEEN 8 AND 15 THEN '+' || `digits`
    END AS `e164`
  FROM (SELECT `id`, trim(`phone_number`) GLOB '+*' AS `international`, replace(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') AS `digits` FROM `contact_messages`)
) n
WHERE n.`id` = `contact_messages`.`id` AND n.`e164` IS NOT NULL AND n.`e164` <> `contact_messages`.`phone_number`;
--> statement-breakpoint
-- The booking cap's phone key is the E.164 number now (decision 051 as amended by 105).
UPDATE `appointments` SET `phone_key` = `phone` WHERE `phone` GLOB '+*' AND `phone_key` <> `phone`;
