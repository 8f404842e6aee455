CREATE TABLE `row_counts` (
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `day`)
);--> statement-breakpoint
-- Kept by triggers (issue #30, decision 0047): every write to garments and profiles keeps its kind's counts.
CREATE TRIGGER `garments_counts_insert` AFTER INSERT ON `garments` BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('garments', '', 1), ('garments', strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1), ('garments:' || new.status, '', 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `garments_counts_delete` AFTER DELETE ON `garments` BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('garments', '', -1), ('garments', strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch'), -1), ('garments:' || old.status, '', -1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `garments_counts_status` AFTER UPDATE OF `status` ON `garments` WHEN old.status IS NOT new.status BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('garments:' || old.status, '', -1), ('garments:' || new.status, '', 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `garments_counts_created_at` AFTER UPDATE OF `created_at` ON `garments` WHEN old.created_at IS NOT new.created_at BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('garments', strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch'), -1), ('garments', strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_counts_insert` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('profiles', '', 1), ('profiles', strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_counts_delete` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('profiles', '', -1), ('profiles', strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch'), -1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_counts_created_at` AFTER UPDATE OF `created_at` ON `profiles` WHEN old.created_at IS NOT new.created_at BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('profiles', strftime('%Y-%m-%d', old.created_at / 1000, 'unixepoch'), -1), ('profiles', strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
-- The counts of the rows already there.
INSERT INTO `row_counts` (`kind`, `day`, `n`)
SELECT 'garments', '', count(*) FROM `garments`
UNION ALL SELECT 'garments', strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), count(*) FROM `garments` GROUP BY 2
UNION ALL SELECT 'garments:' || status, '', count(*) FROM `garments` GROUP BY status
UNION ALL SELECT 'profiles', '', count(*) FROM `profiles`
UNION ALL SELECT 'profiles', strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), count(*) FROM `profiles` GROUP BY 2;
