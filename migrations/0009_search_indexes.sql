-- Search that uses an index (issue #30, decision 0046): FTS5 trigram indexes of what the admin's
-- garment and client searches and the owner's contact search look in. Contentless (the text
-- lives in its table only) with deletes allowed; kept in step by the triggers below, so every
-- write (the commands, the seed, a migration) keeps them true. Trigram: a phrase of three or
-- more characters matches anywhere in a column, case- and accent-insensitively.
CREATE VIRTUAL TABLE `garment_search` USING fts5(`slug`, `title`, `name`, `brand`, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `garments_search_insert` AFTER INSERT ON `garments` BEGIN
  INSERT INTO `garment_search` (rowid, `slug`, `title`, `name`, `brand`) VALUES (new.id, new.short_slug, new.title, new.name, new.brand);
END;
--> statement-breakpoint
CREATE TRIGGER `garments_search_update` AFTER UPDATE OF `short_slug`, `title`, `name`, `brand` ON `garments` BEGIN
  DELETE FROM `garment_search` WHERE rowid = old.id;
  INSERT INTO `garment_search` (rowid, `slug`, `title`, `name`, `brand`) VALUES (new.id, new.short_slug, new.title, new.name, new.brand);
END;
--> statement-breakpoint
CREATE TRIGGER `garments_search_delete` AFTER DELETE ON `garments` BEGIN
  DELETE FROM `garment_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO `garment_search` (rowid, `slug`, `title`, `name`, `brand`) SELECT id, short_slug, title, name, brand FROM `garments`;
--> statement-breakpoint
-- A client as the admin finds them: names, email (the profile's, else the account's), client id.
CREATE VIRTUAL TABLE `client_search` USING fts5(`first_name`, `last_name`, `display_name`, `email`, `client_id`, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `profiles_search_insert` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `client_search` (rowid, `first_name`, `last_name`, `display_name`, `email`, `client_id`)
  VALUES (new.id, new.first_name, new.last_name, new.display_name, coalesce(new.email, (SELECT email FROM `users` WHERE id = new.user_id)), new.client_id);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_search_update` AFTER UPDATE OF `first_name`, `last_name`, `display_name`, `email`, `client_id`, `user_id` ON `profiles` BEGIN
  DELETE FROM `client_search` WHERE rowid = old.id;
  INSERT INTO `client_search` (rowid, `first_name`, `last_name`, `display_name`, `email`, `client_id`)
  VALUES (new.id, new.first_name, new.last_name, new.display_name, coalesce(new.email, (SELECT email FROM `users` WHERE id = new.user_id)), new.client_id);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_search_delete` AFTER DELETE ON `profiles` BEGIN
  DELETE FROM `client_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_email` AFTER UPDATE OF `email` ON `users` BEGIN
  DELETE FROM `client_search` WHERE rowid IN (SELECT id FROM `profiles` WHERE user_id = new.id);
  INSERT INTO `client_search` (rowid, `first_name`, `last_name`, `display_name`, `email`, `client_id`)
  SELECT id, first_name, last_name, display_name, coalesce(email, new.email), client_id FROM `profiles` WHERE user_id = new.id;
END;
--> statement-breakpoint
INSERT INTO `client_search` (rowid, `first_name`, `last_name`, `display_name`, `email`, `client_id`)
SELECT p.id, p.first_name, p.last_name, p.display_name, coalesce(p.email, u.email), p.client_id FROM `profiles` p LEFT JOIN `users` u ON u.id = p.user_id;
--> statement-breakpoint
-- An owner's contact: the full name, email, phone as stored and without spaces (digits), and
-- both notes. The owner is the query's to check (contacts.owner_user_id).
CREATE VIRTUAL TABLE `contact_search` USING fts5(`name`, `email`, `phone`, `digits`, `notes`, `contact_notes`, tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE TRIGGER `contacts_search_insert` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO `contact_search` (rowid, `name`, `email`, `phone`, `digits`, `notes`, `contact_notes`)
  VALUES (new.id, coalesce(new.first_name, '') || ' ' || coalesce(new.last_name, ''), new.email, new.phone, replace(new.phone, ' ', ''), new.notes, new.contact_notes);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `phone`, `notes`, `contact_notes` ON `contacts` BEGIN
  DELETE FROM `contact_search` WHERE rowid = old.id;
  INSERT INTO `contact_search` (rowid, `name`, `email`, `phone`, `digits`, `notes`, `contact_notes`)
  VALUES (new.id, coalesce(new.first_name, '') || ' ' || coalesce(new.last_name, ''), new.email, new.phone, replace(new.phone, ' ', ''), new.notes, new.contact_notes);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_delete` AFTER DELETE ON `contacts` BEGIN
  DELETE FROM `contact_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO `contact_search` (rowid, `name`, `email`, `phone`, `digits`, `notes`, `contact_notes`)
SELECT id, coalesce(first_name, '') || ' ' || coalesce(last_name, ''), email, phone, replace(phone, ' ', ''), notes, contact_notes FROM `contacts`;
