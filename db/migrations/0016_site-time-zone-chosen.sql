ALTER TABLE "newsletter_lists" ALTER COLUMN "time_zone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "newsletter_lists" ALTER COLUMN "time_zone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "time_zone_chosen_at" timestamp with time zone;--> statement-breakpoint
-- A site already running has its zone: only a new one asks an admin for it (issue 36).
UPDATE "site_settings" SET "time_zone_chosen_at" = now();--> statement-breakpoint
-- The two lists the newsletter migration seeded, never edited since, follow the site's zone from now on ("Daily at 07:00" is seven in the paper's zone); a list an admin saved keeps its own.
UPDATE "newsletter_lists" SET "time_zone" = NULL WHERE "slug" IN ('breaking-news', 'daily-briefing') AND "updated_at" = "created_at" AND "time_zone" = coalesce((SELECT "time_zone" FROM "site_settings" WHERE "id" = 1), 'UTC');
