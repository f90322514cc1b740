-- Photos and sketches sent with a custom order (docs/decisions/060). The image
-- itself lives in R2 under object_key, a random name; this row is what makes it
-- belong to an order. Rows go with their order (ON DELETE CASCADE); the objects
-- are deleted by the retention job and, as a backstop, by the nightly sweep of
-- objects no row names. Hand-written, like 0002.
CREATE TABLE `order_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`object_key` text NOT NULL,
	`content_type` text NOT NULL,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_photos_object_key_unique` ON `order_photos` (`object_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_photos_order_position_unique` ON `order_photos` (`order_id`, `position`);
