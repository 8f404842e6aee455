CREATE TABLE `ownership_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`garment_id` integer NOT NULL,
	`owner_user_id` text,
	`started_at` integer NOT NULL,
	`started_how` text NOT NULL,
	`ended_at` integer,
	`ended_how` text,
	FOREIGN KEY (`garment_id`) REFERENCES `garments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ownership_periods_garment_idx` ON `ownership_periods` (`garment_id`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `ownership_periods_open_unique` ON `ownership_periods` (`garment_id`) WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX `ownership_periods_owner_idx` ON `ownership_periods` (`owner_user_id`);--> statement-breakpoint
ALTER TABLE `garments` ADD `owner_via` text;--> statement-breakpoint
-- Ownership periods (issue #32) are written by these triggers, never by a command: every change of
-- garments.owner_user_id, whichever statement makes it (a claim, a registration, an admin's
-- reassign or release, an account deleted through its foreign key, a QA reset), closes the open
-- period and opens the next in the same statement. The command says how in garments.owner_via,
-- set in the same UPDATE; the trigger reads it and clears it. Without one: a new owner is a
-- 'claim', none is a 'release'.
CREATE TRIGGER `garments_ownership_insert` AFTER INSERT ON `garments` WHEN new.owner_user_id IS NOT NULL BEGIN
  INSERT INTO `ownership_periods` (`garment_id`, `owner_user_id`, `started_at`, `started_how`)
  VALUES (new.id, new.owner_user_id, coalesce(new.claimed_at, cast(unixepoch('subsec') * 1000 as integer)), coalesce(new.owner_via, 'attach'));
  UPDATE `garments` SET `owner_via` = NULL WHERE id = new.id AND new.owner_via IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `garments_ownership_update` AFTER UPDATE OF `owner_user_id` ON `garments` WHEN old.owner_user_id IS NOT new.owner_user_id BEGIN
  UPDATE `ownership_periods`
  SET `ended_at` = cast(unixepoch('subsec') * 1000 as integer),
      `ended_how` = coalesce(new.owner_via, CASE WHEN new.owner_user_id IS NULL THEN 'release' ELSE 'reassign' END)
  WHERE garment_id = new.id AND ended_at IS NULL;
  INSERT INTO `ownership_periods` (`garment_id`, `owner_user_id`, `started_at`, `started_how`)
  SELECT new.id, new.owner_user_id, cast(unixepoch('subsec') * 1000 as integer), coalesce(new.owner_via, 'claim')
  WHERE new.owner_user_id IS NOT NULL;
  UPDATE `garments` SET `owner_via` = NULL WHERE id = new.id AND new.owner_via IS NOT NULL;
END;
--> statement-breakpoint
-- Today's owners: one open period each, since their claim (before this, changes were not kept).
INSERT INTO `ownership_periods` (`garment_id`, `owner_user_id`, `started_at`, `started_how`)
SELECT id, owner_user_id, coalesce(claimed_at, created_at), 'claim' FROM `garments` WHERE owner_user_id IS NOT NULL;
