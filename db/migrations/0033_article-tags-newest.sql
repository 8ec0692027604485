DROP INDEX "article_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "article_tags_tag_idx" ON "article_tags" USING btree ("tag_id","article_id");