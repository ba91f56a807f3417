CREATE TABLE `knowledge_facts` (
	`hive` text NOT NULL,
	`id` integer NOT NULL,
	`subject` text NOT NULL,
	`predicate` text NOT NULL,
	`object` text NOT NULL,
	`kind` text NOT NULL,
	`cardinality` text NOT NULL,
	`provenance` text NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_to` integer,
	`version` integer NOT NULL,
	`closed_by` integer,
	`closed_reason` text,
	PRIMARY KEY(`hive`, `id`)
);
--> statement-breakpoint
CREATE INDEX `knowledge_facts_valid` ON `knowledge_facts` (`valid_to`,`valid_from`);