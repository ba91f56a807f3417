CREATE TABLE `hive_artifacts` (
	`hive` text NOT NULL,
	`identifier` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`value` text NOT NULL,
	`summary` text NOT NULL,
	`provenance` text NOT NULL,
	`supersedes` text,
	`superseded_by` text,
	`reason` text,
	`tags` text NOT NULL,
	`valid_from` integer NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`hive`, `identifier`, `version`)
);
--> statement-breakpoint
CREATE INDEX `hive_artifacts_kind` ON `hive_artifacts` (`kind`,`hive`);--> statement-breakpoint
CREATE TABLE `hive_events` (
	`hive` text NOT NULL,
	`seq` integer NOT NULL,
	`at` integer NOT NULL,
	`op` text NOT NULL,
	`identifier` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`hive`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `hive_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`hive` text NOT NULL,
	`hash` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hive_keys_hash` ON `hive_keys` (`hash`);--> statement-breakpoint
CREATE INDEX `hive_keys_hive` ON `hive_keys` (`hive`);