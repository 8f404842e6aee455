-- The tag registry's totals kept, not counted (issue #30, decision 0047): how many tags exist, in
-- all and by status, kept in row_counts by triggers on every write, as garments' are (0011).
CREATE TRIGGER `nfc_tags_counts_insert` AFTER INSERT ON `nfc_tags` BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('tags', '', 1), ('tags:' || new.status, '', 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `nfc_tags_counts_delete` AFTER DELETE ON `nfc_tags` BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('tags', '', -1), ('tags:' || old.status, '', -1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `nfc_tags_counts_status` AFTER UPDATE OF `status` ON `nfc_tags` WHEN old.status IS NOT new.status BEGIN
  INSERT INTO `row_counts` (`kind`, `day`, `n`) VALUES ('tags:' || old.status, '', -1), ('tags:' || new.status, '', 1)
  ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `row_counts` (`kind`, `day`, `n`)
SELECT 'tags', '', count(*) FROM `nfc_tags`
UNION ALL
SELECT 'tags:' || status, '', count(*) FROM `nfc_tags` GROUP BY status
ON CONFLICT (`kind`, `day`) DO UPDATE SET `n` = `n` + excluded.`n`;
