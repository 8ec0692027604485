CREATE TABLE "article_edit_locks" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_edit_locks" ADD CONSTRAINT "article_edit_locks_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_edit_locks" ADD CONSTRAINT "article_edit_locks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_edit_locks_user_idx" ON "article_edit_locks" USING btree ("user_id");