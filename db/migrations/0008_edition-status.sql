ALTER TABLE "newspaper_editions" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "newspaper_editions" ADD COLUMN "failure" text;