ALTER TABLE "entitlements" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_events" ALTER COLUMN "user_id" DROP NOT NULL;