DROP INDEX "articles_slug_key";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "slug_claimed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Articles never published give up their addresses: a slug is claimed at publication (or when an editor types it).
UPDATE "articles" SET "slug_claimed" = false WHERE "status" IN ('draft', 'review') AND "published_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_key" ON "articles" USING btree ("slug") WHERE slug_claimed;
