ALTER TABLE "newsletter_subscribers" ADD COLUMN "pending_list_ids" integer[];--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "lists_chosen_at" timestamp with time zone;