CREATE TABLE `ownership_transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`garment_id` integer NOT NULL,
	`kind` text NOT NULL,
	`from_user_id` text NOT NULL,
	`to_user_id` text,
	`message` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`end_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`garment_id`) REFERENCES `garments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ownership_transfers_link_unique` ON `ownership_transfers` (`garment_id`) WHERE kind = 'link' AND status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `ownership_transfers_request_unique` ON `ownership_transfers` (`garment_id`,`to_user_id`) WHERE kind = 'request' AND status = 'pending';--> statement-breakpoint
CREATE INDEX `ownership_transfers_from_idx` ON `ownership_transfers` (`from_user_id`,`status`);--> statement-breakpoint
CREATE INDEX `ownership_transfers_to_idx` ON `ownership_transfers` (`to_user_id`);--> statement-breakpoint
-- Pending transfers (issue #32) die with the ownership they were made under: any change of the
-- garment's owner (a claim, a reassign, a registry release, the owner's release, an account
-- deleted, or the accepted transfer itself, already marked 'accepted' in the same batch) cancels
-- every other pending link and request of that garment, whichever statement made it.
CREATE TRIGGER `garments_transfers_owner_changed` AFTER UPDATE OF `owner_user_id` ON `garments` WHEN old.owner_user_id IS NOT new.owner_user_id BEGIN
  UPDATE `ownership_transfers`
  SET `status` = 'cancelled', `end_reason` = 'owner_changed', `decided_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE garment_id = new.id AND status = 'pending';
END;
--> statement-breakpoint
-- A tag reported lost or stolen cancels its garment's pending transfers: the piece cannot change
-- hands while it is missing.
CREATE TRIGGER `nfc_tags_transfers_reported` AFTER UPDATE OF `status` ON `nfc_tags` WHEN new.status IN ('lost', 'stolen') AND old.status IS NOT new.status AND new.garment_id IS NOT NULL BEGIN
  UPDATE `ownership_transfers`
  SET `status` = 'cancelled', `end_reason` = 'reported', `decided_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE garment_id = new.garment_id AND status = 'pending';
END;
--> statement-breakpoint
-- A garment's newer tag made already lost or stolen (its current tag is its newest) does the same.
CREATE TRIGGER `nfc_tags_transfers_reported_insert` AFTER INSERT ON `nfc_tags` WHEN new.status IN ('lost', 'stolen') AND new.garment_id IS NOT NULL BEGIN
  UPDATE `ownership_transfers`
  SET `status` = 'cancelled', `end_reason` = 'reported', `decided_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE garment_id = new.garment_id AND status = 'pending';
END;
