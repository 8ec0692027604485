ALTER TABLE "profiles" ADD COLUMN "username_key" text;--> statement-breakpoint
-- Existing names get their key once, here (new ones get it from lib/username.ts): NFKC, lower
-- case, final sigma as sigma. lower() follows the database's locale; names are ASCII in the
-- usual case, where it agrees with the application's fold.
UPDATE "profiles" SET "username_key" = replace(lower(normalize("username", NFKC)), 'ς', 'σ')
WHERE "username" IS NOT NULL;--> statement-breakpoint
-- Names that only differed by case or width were two accounts behind one author page: the
-- older keeps the name, the others get "-2", "-3"… (key and name alike).
WITH "ranked" AS (
  SELECT "id", row_number() OVER (PARTITION BY "username_key" ORDER BY "created_at", "id") AS "n"
  FROM "profiles" WHERE "username_key" IS NOT NULL
)
UPDATE "profiles" SET "username" = "profiles"."username" || '-' || "ranked"."n",
  "username_key" = "profiles"."username_key" || '-' || "ranked"."n"
FROM "ranked" WHERE "ranked"."id" = "profiles"."id" AND "ranked"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_key_key" ON "profiles" USING btree ("username_key");
