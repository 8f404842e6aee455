CREATE TABLE `owner_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` text NOT NULL,
	`contact_id` integer,
	`transfer_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transfer_id`) REFERENCES `ownership_transfers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `owner_alerts_pending_idx` ON `owner_alerts` (`owner_user_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `owner_alerts_contact_id_idx` ON `owner_alerts` (`contact_id`);--> statement-breakpoint
CREATE INDEX `owner_alerts_transfer_id_idx` ON `owner_alerts` (`transfer_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_frequency` text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `alerts_sent_at` integer;--> statement-breakpoint
-- New-connection alerts (issue #33): every contact filed with an owner, by whichever door, and
-- every transfer request, is something its owner has not yet been told of. Not for an owner who
-- turned alerts off: nothing is kept to be mailed later.
CREATE TRIGGER `contacts_owner_alert` AFTER INSERT ON `contacts` WHEN (SELECT alert_frequency FROM users WHERE id = new.owner_user_id) IS NOT 'off' BEGIN
  INSERT INTO `owner_alerts` (`owner_user_id`, `contact_id`, `created_at`) VALUES (new.owner_user_id, new.id, new.created_at);
END;
--> statement-breakpoint
CREATE TRIGGER `ownership_transfers_owner_alert` AFTER INSERT ON `ownership_transfers` WHEN new.kind = 'request' AND (SELECT alert_frequency FROM users WHERE id = new.from_user_id) IS NOT 'off' BEGIN
  INSERT INTO `owner_alerts` (`owner_user_id`, `transfer_id`, `created_at`) VALUES (new.from_user_id, new.id, new.created_at);
END;
