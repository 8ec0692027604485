ALTER TABLE "article_revisions" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD COLUMN "access_plan_ids" integer[];--> statement-breakpoint
ALTER TABLE "article_revisions" ADD COLUMN "free_for_now" boolean;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD COLUMN "preview_paragraphs" integer;