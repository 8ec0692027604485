CREATE TABLE "article_bylines" (
	"article_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "article_bylines_article_id_position_pk" PRIMARY KEY("article_id","position"),
	CONSTRAINT "article_bylines_position" CHECK ("article_bylines"."position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "article_bylines" ADD CONSTRAINT "article_bylines_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_bylines" ADD CONSTRAINT "article_bylines_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_bylines_writer_key" ON "article_bylines" USING btree ("article_id","user_id");--> statement-breakpoint
CREATE INDEX "article_bylines_user_idx" ON "article_bylines" USING btree ("user_id","article_id");--> statement-breakpoint
-- Every article's current author becomes its first byline.
INSERT INTO "article_bylines" ("article_id", "user_id", "position") SELECT "id", "author_id", 0 FROM "articles" WHERE "author_id" IS NOT NULL;--> statement-breakpoint
-- articles.author_id is the first byline: whatever writes it (a save, the seed, an import, a
-- restore of an older backup, a deleted account's "set null") moves position 0 with it, and a
-- writer who becomes the first byline leaves the later positions (decision 0055).
CREATE FUNCTION "article_first_byline"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."author_id" IS NOT DISTINCT FROM OLD."author_id" THEN
    RETURN NULL;
  END IF;
  DELETE FROM "article_bylines"
    WHERE "article_id" = NEW."id" AND ("position" = 0 OR "user_id" = NEW."author_id");
  IF NEW."author_id" IS NOT NULL THEN
    INSERT INTO "article_bylines" ("article_id", "user_id", "position")
      VALUES (NEW."id", NEW."author_id", 0) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_first_byline" AFTER INSERT OR UPDATE OF "author_id" ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "article_first_byline"();
