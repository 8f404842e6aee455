ALTER TABLE `garments` ADD `pool` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `garments` ADD `photo_key` text;--> statement-breakpoint
ALTER TABLE `garments` ADD `photo_width` integer;--> statement-breakpoint
ALTER TABLE `garments` ADD `photo_height` integer;--> statement-breakpoint
ALTER TABLE `garments` ADD `photo_card_key` text;--> statement-breakpoint
ALTER TABLE `garments` ADD `photo_public` integer DEFAULT false NOT NULL;