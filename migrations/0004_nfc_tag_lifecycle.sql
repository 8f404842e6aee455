ALTER TABLE `nfc_tags` ADD `uid` text;--> statement-breakpoint
ALTER TABLE `nfc_tags` ADD `programmed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `nfc_tags_uid_unique` ON `nfc_tags` (`uid`);--> statement-breakpoint
CREATE INDEX `nfc_tags_status_idx` ON `nfc_tags` (`status`);