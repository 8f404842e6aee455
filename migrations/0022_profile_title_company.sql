ALTER TABLE `profiles` ADD `job_title` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `company` text;