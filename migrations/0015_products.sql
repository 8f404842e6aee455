CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gtin` text NOT NULL,
	`name` text NOT NULL,
	`garment_type` text,
	`description` text,
	`photo_key` text,
	`photo_width` integer,
	`photo_height` integer,
	`composition` text DEFAULT '[]' NOT NULL,
	`country_of_making` text,
	`care` text DEFAULT '{}' NOT NULL,
	`services_text` text,
	`services_url` text,
	`recycled_percent` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "products_recycled_percent_range" CHECK(recycled_percent IS NULL OR recycled_percent BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_gtin_unique` ON `products` (`gtin`);--> statement-breakpoint
CREATE INDEX `products_photo_key_idx` ON `products` (`photo_key`);--> statement-breakpoint
ALTER TABLE `garments` ADD `product_id` integer REFERENCES products(id);--> statement-breakpoint
CREATE INDEX `garments_product_id_idx` ON `garments` (`product_id`,`id`);