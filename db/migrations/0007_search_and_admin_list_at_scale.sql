DROP INDEX "articles_created_at_idx";--> statement-breakpoint
CREATE INDEX "articles_admin_published_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_admin_published_asc_idx" ON "articles" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The back office's title filter ("contains", ILIKE '%…%') from a trigram index where pg_trgm
-- is available (PostgreSQL's contrib; PGlite when opened with the extension), else a scan.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);
  END IF;
END $$;--> statement-breakpoint
-- How many articles the planner expects a search to match, and how many there are, from its
-- statistics (no rows read): search picks its plan by it (domain/search).
CREATE FUNCTION "articles_search_estimate"(query tsquery, OUT matching double precision, OUT total double precision)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) SELECT 1 FROM articles WHERE search_vector @@ $1' INTO plan USING query;
  matching := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
  SELECT greatest(c.reltuples, 0) INTO total FROM pg_class c WHERE c.oid = 'articles'::regclass;
END $$;
