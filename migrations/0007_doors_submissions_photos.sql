ALTER TABLE `contacts` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_owner_submission_unique` ON `contacts` (`owner_user_id`,`submission_key`);--> statement-breakpoint
CREATE INDEX `garments_photo_key_idx` ON `garments` (`photo_key`);--> statement-breakpoint
CREATE INDEX `garments_photo_card_key_idx` ON `garments` (`photo_card_key`);