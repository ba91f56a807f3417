CREATE TABLE `queue_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`sent_at` integer NOT NULL,
	`received_at` integer NOT NULL
);
