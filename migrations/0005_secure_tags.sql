ALTER TABLE `nfc_tags` ADD `sun_key_version` integer;--> statement-breakpoint
ALTER TABLE `scans` ADD `suspect_reason` text;--> statement-breakpoint
CREATE INDEX `scans_scan_type_created_at_idx` ON `scans` (`scan_type`,`created_at`);