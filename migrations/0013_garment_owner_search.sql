-- A claimed garment's owner, searchable by the garment's id (issue #30): the admin's garment search
-- finds a garment by its owner's names or email in the rowid order of one index, newest first,
-- stopping after a page. It went through client_search to the owners and then to all their
-- garments, and sorted them: 50,000 garments for a common surname at a million garments. Kept in
-- step with garments (a claim, a release, a reassign), profiles and account emails by triggers.
CREATE VIEW `garment_owner_search_rows` AS
SELECT g.id AS garment_id, g.owner_user_id, p.first_name, p.last_name, p.display_name, coalesce(p.email, u.email) AS email
FROM `garments` g LEFT JOIN `profiles` p ON p.user_id = g.owner_user_id LEFT JOIN `users` u ON u.id = g.owner_user_id
WHERE g.owner_user_id IS NOT NULL;
--> statement-breakpoint
CREATE VIRTUAL TABLE `garment_owner_search` USING fts5(`first_name`, `last_name`, `display_name`, `email`, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `garments_owner_search_insert` AFTER INSERT ON `garments` WHEN new.owner_user_id IS NOT NULL BEGIN
  INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
  SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows` WHERE garment_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `garments_owner_search_update` AFTER UPDATE OF `owner_user_id` ON `garments` BEGIN
  DELETE FROM `garment_owner_search` WHERE rowid = old.id;
  INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
  SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows` WHERE garment_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `garments_owner_search_delete` AFTER DELETE ON `garments` BEGIN
  DELETE FROM `garment_owner_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_garment_owner_search_insert` AFTER INSERT ON `profiles` BEGIN
  DELETE FROM `garment_owner_search` WHERE rowid IN (SELECT id FROM `garments` WHERE owner_user_id = new.user_id);
  INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
  SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows` WHERE owner_user_id = new.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_garment_owner_search_update` AFTER UPDATE OF `first_name`, `last_name`, `display_name`, `email`, `user_id` ON `profiles` BEGIN
  DELETE FROM `garment_owner_search` WHERE rowid IN (SELECT id FROM `garments` WHERE owner_user_id IN (old.user_id, new.user_id));
  INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
  SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows` WHERE owner_user_id IN (old.user_id, new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_garment_owner_search_delete` AFTER DELETE ON `profiles` BEGIN
  DELETE FROM `garment_owner_search` WHERE rowid IN (SELECT id FROM `garments` WHERE owner_user_id = old.user_id);
  INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
  SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows` WHERE owner_user_id = old.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_garment_owner_search_email` AFTER UPDATE OF `email` ON `users` BEGIN
  DELETE FROM `garment_owner_search` WHERE rowid IN (SELECT id FROM `garments` WHERE owner_user_id = new.id);
  INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
  SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows` WHERE owner_user_id = new.id;
END;
--> statement-breakpoint
INSERT INTO `garment_owner_search` (rowid, `first_name`, `last_name`, `display_name`, `email`)
SELECT garment_id, first_name, last_name, display_name, email FROM `garment_owner_search_rows`;
