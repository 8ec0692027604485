DROP INDEX "articles_search_idx";--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector") WITH (fastupdate=false);