CREATE TABLE `admin_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'admin' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_users_user_id_unique` ON `admin_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `auth_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text,
	`ip` text,
	`success` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_email_created_at_idx` ON `auth_attempts` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `auth_attempts_ip_created_at_idx` ON `auth_attempts` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_token_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_id_idx` ON `auth_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` text NOT NULL,
	`garment_id` integer,
	`event_id` integer,
	`wardrobe_event_id` integer,
	`first_name` text,
	`last_name` text,
	`email` text,
	`phone` text,
	`notes` text,
	`instagram` text,
	`linkedin` text,
	`tiktok` text,
	`facebook` text,
	`consent_data_collection` integer DEFAULT true NOT NULL,
	`consent_marketing` integer DEFAULT false NOT NULL,
	`consent_event_updates` integer DEFAULT true NOT NULL,
	`tag_uuid` text,
	`contact_source` text NOT NULL,
	`contacted_at` integer,
	`contact_notes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`garment_id`) REFERENCES `garments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`wardrobe_event_id`) REFERENCES `wardrobe_events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contacts_owner_user_id_created_at_idx` ON `contacts` (`owner_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `contacts_garment_id_idx` ON `contacts` (`garment_id`);--> statement-breakpoint
CREATE INDEX `contacts_wardrobe_event_id_idx` ON `contacts` (`wardrobe_event_id`);--> statement-breakpoint
CREATE INDEX `contacts_event_id_idx` ON `contacts` (`event_id`);--> statement-breakpoint
CREATE TABLE `early_access_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`referral_source` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "early_access_entries_email_lower_case" CHECK(email = lower(email))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `early_access_entries_email_unique` ON `early_access_entries` (`email`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`kind` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_at_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`datetime` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_is_active_datetime_idx` ON `events` (`is_active`,`datetime`);--> statement-breakpoint
CREATE TABLE `garments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text,
	`title` text,
	`brand` text,
	`garment_type` text,
	`color` text,
	`size` text,
	`sku` text,
	`style` text,
	`status` text DEFAULT 'unclaimed' NOT NULL,
	`tag_uuid` text,
	`short_slug` text NOT NULL,
	`nfc_chip_id` text,
	`owner_user_id` text,
	`owner_profile_id` integer,
	`ownership_status` text,
	`is_active` integer DEFAULT true NOT NULL,
	`claimed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`purchase_date` text,
	`programmed_at` integer,
	`programmed_by_admin_id` integer,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`programmed_by_admin_id`) REFERENCES `admin_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `garments_short_slug_unique` ON `garments` (`short_slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `garments_tag_uuid_unique` ON `garments` (`tag_uuid`);--> statement-breakpoint
CREATE INDEX `garments_nfc_chip_id_idx` ON `garments` (`nfc_chip_id`);--> statement-breakpoint
CREATE INDEX `garments_owner_user_id_idx` ON `garments` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `garments_owner_profile_id_idx` ON `garments` (`owner_profile_id`);--> statement-breakpoint
CREATE INDEX `garments_created_at_idx` ON `garments` (`created_at`);--> statement-breakpoint
CREATE TABLE `instagram_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`image_url` text NOT NULL,
	`caption` text,
	`permalink` text,
	`is_active` integer DEFAULT true NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `instagram_posts_is_active_display_order_idx` ON `instagram_posts` (`is_active`,`display_order`);--> statement-breakpoint
CREATE TABLE `job_watermarks` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `nfc_tag_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_name` text NOT NULL,
	`description` text,
	`active_tags` integer DEFAULT 0 NOT NULL,
	`programmed_tags` integer DEFAULT 0 NOT NULL,
	`total_tags` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `nfc_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chip_id` text NOT NULL,
	`encrypted_chip_id` text,
	`security_signature` text,
	`tag_type` text DEFAULT 'NTAG213' NOT NULL,
	`batch_id` integer,
	`physical_location` text,
	`metadata` text,
	`status` text DEFAULT 'uninitialized' NOT NULL,
	`owner_user_id` text,
	`garment_id` integer,
	`tag_uuid` text,
	`claimed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `nfc_tag_batches`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`garment_id`) REFERENCES `garments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nfc_tags_chip_id_unique` ON `nfc_tags` (`chip_id`);--> statement-breakpoint
CREATE INDEX `nfc_tags_tag_uuid_idx` ON `nfc_tags` (`tag_uuid`);--> statement-breakpoint
CREATE INDEX `nfc_tags_owner_user_id_idx` ON `nfc_tags` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `nfc_tags_batch_id_idx` ON `nfc_tags` (`batch_id`);--> statement-breakpoint
CREATE INDEX `nfc_tags_garment_id_idx` ON `nfc_tags` (`garment_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`client_id` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`display_name` text,
	`email` text,
	`city_region` text,
	`bio` text,
	`mobile_phone` text,
	`website` text,
	`instagram` text,
	`linkedin` text,
	`tiktok` text,
	`facebook` text,
	`twitter` text,
	`share_email` integer DEFAULT true NOT NULL,
	`share_mobile` integer DEFAULT false NOT NULL,
	`share_website` integer DEFAULT false NOT NULL,
	`share_instagram` integer DEFAULT false NOT NULL,
	`share_linkedin` integer DEFAULT false NOT NULL,
	`share_tiktok` integer DEFAULT false NOT NULL,
	`share_facebook` integer DEFAULT false NOT NULL,
	`share_twitter` integer DEFAULT false NOT NULL,
	`nfc_sharing_enabled` integer DEFAULT true NOT NULL,
	`profile_visibility` text DEFAULT 'public' NOT NULL,
	`active_event_id` integer,
	`profile_complete` integer DEFAULT false NOT NULL,
	`onboarded_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`active_event_id`) REFERENCES `wardrobe_events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_client_id_unique` ON `profiles` (`client_id`);--> statement-breakpoint
CREATE TABLE `scan_daily_stats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`garment_id` integer DEFAULT 0 NOT NULL,
	`owner_user_id` text DEFAULT '' NOT NULL,
	`wardrobe_event_id` integer DEFAULT 0 NOT NULL,
	`scans` integer DEFAULT 0 NOT NULL,
	`owner_scans` integer DEFAULT 0 NOT NULL,
	`visitor_scans` integer DEFAULT 0 NOT NULL,
	`anonymous_scans` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scan_daily_stats_key_unique` ON `scan_daily_stats` (`day`,`garment_id`,`owner_user_id`,`wardrobe_event_id`);--> statement-breakpoint
CREATE INDEX `scan_daily_stats_owner_user_id_day_idx` ON `scan_daily_stats` (`owner_user_id`,`day`);--> statement-breakpoint
CREATE INDEX `scan_daily_stats_garment_id_day_idx` ON `scan_daily_stats` (`garment_id`,`day`);--> statement-breakpoint
CREATE TABLE `scans` (
	`id` text PRIMARY KEY NOT NULL,
	`garment_id` integer,
	`owner_user_id` text,
	`short_slug` text,
	`tag_uuid` text,
	`wardrobe_event_id` integer,
	`viewer_kind` text NOT NULL,
	`scan_type` text DEFAULT 'tap' NOT NULL,
	`city` text,
	`country` text,
	`browser` text,
	`os` text,
	`device_type` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`garment_id`) REFERENCES `garments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`wardrobe_event_id`) REFERENCES `wardrobe_events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `scans_garment_id_created_at_idx` ON `scans` (`garment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `scans_owner_user_id_created_at_idx` ON `scans` (`owner_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `scans_wardrobe_event_id_idx` ON `scans` (`wardrobe_event_id`);--> statement-breakpoint
CREATE INDEX `scans_created_at_idx` ON `scans` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`user_agent` text,
	`ip` text,
	`pending_claim_slug` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`email_verified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK(email = lower(email))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `wardrobe_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`location` text,
	`date` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wardrobe_events_owner_user_id_idx` ON `wardrobe_events` (`owner_user_id`);