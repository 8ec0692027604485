DROP INDEX "articles_published_idx";--> statement-breakpoint
DROP INDEX "articles_category_idx";--> statement-breakpoint
CREATE INDEX "articles_featured_idx" ON "articles" USING btree ("status","is_featured" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id","status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);