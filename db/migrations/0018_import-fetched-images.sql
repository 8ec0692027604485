ALTER TABLE "import_jobs" ADD COLUMN "images_fetched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "images_failed" integer DEFAULT 0 NOT NULL;