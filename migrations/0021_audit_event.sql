ALTER TABLE `admin_audit_log` ADD `event_id` text;--> statement-breakpoint
CREATE INDEX `admin_audit_log_event_id_idx` ON `admin_audit_log` (`event_id`);