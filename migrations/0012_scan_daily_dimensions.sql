CREATE TABLE `scan_daily_dimensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`owner_user_id` text DEFAULT '' NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`scans` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scan_daily_dimensions_key_unique` ON `scan_daily_dimensions` (`owner_user_id`,`dimension`,`day`,`value`);--> statement-breakpoint
-- The scans already rolled up (at or below the watermark) counted here too; the next run adds the rest.
INSERT INTO `scan_daily_dimensions` (`day`, `owner_user_id`, `dimension`, `value`, `scans`)
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), coalesce(owner_user_id, ''), 'city', coalesce(city, 'Unknown'), count(*)
FROM `scans` WHERE viewer_kind != 'owner' AND rowid <= coalesce((SELECT CAST(value AS INTEGER) FROM `job_watermarks` WHERE name = 'scan_daily_stats'), 0)
GROUP BY 1, 2, 4
UNION ALL
SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), coalesce(owner_user_id, ''), 'browser', coalesce(browser, 'Unknown'), count(*)
FROM `scans` WHERE viewer_kind != 'owner' AND rowid <= coalesce((SELECT CAST(value AS INTEGER) FROM `job_watermarks` WHERE name = 'scan_daily_stats'), 0)
GROUP BY 1, 2, 4;
