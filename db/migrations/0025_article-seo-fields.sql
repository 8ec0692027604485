ALTER TABLE "article_revisions" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD COLUMN "social_image" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "social_image" text;