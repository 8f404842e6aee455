-- The domain event log (issue #48, decision 0065). WITHOUT ROWID, by hand (drizzle-kit cannot
-- say it): an event written after a row in the same batch leaves last_insert_rowid() naming
-- that row, for the statements after it (an audit entry's "inserted" target).
CREATE TABLE `domain_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`garment_id` integer,
	`product_id` integer,
	`tag_id` integer,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`person_id` text,
	`occurred_at` integer NOT NULL,
	`payload` text NOT NULL,
	`delivered_at` integer
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `domain_events_type_idx` ON `domain_events` (`type`,`id`);--> statement-breakpoint
CREATE INDEX `domain_events_garment_id_idx` ON `domain_events` (`garment_id`);--> statement-breakpoint
CREATE INDEX `domain_events_actor_id_idx` ON `domain_events` (`actor_id`);--> statement-breakpoint
CREATE INDEX `domain_events_person_id_idx` ON `domain_events` (`person_id`);--> statement-breakpoint
CREATE INDEX `domain_events_undelivered_idx` ON `domain_events` (`occurred_at`) WHERE delivered_at IS NULL;--> statement-breakpoint
CREATE TABLE `event_deliveries` (
	`event_id` text NOT NULL,
	`consumer` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`done_at` integer,
	`dead_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`event_id`, `consumer`),
	FOREIGN KEY (`event_id`) REFERENCES `domain_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_deliveries_dead_idx` ON `event_deliveries` (`dead_at`) WHERE dead_at IS NOT NULL;