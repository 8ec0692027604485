CREATE TABLE "article_view_readers" (
	"day" date NOT NULL,
	"article_id" integer NOT NULL,
	"reader_hash" text NOT NULL,
	CONSTRAINT "article_view_readers_day_article_id_reader_hash_pk" PRIMARY KEY("day","article_id","reader_hash")
);
--> statement-breakpoint
CREATE TABLE "view_reader_keys" (
	"day" date PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_view_readers" ADD CONSTRAINT "article_view_readers_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;