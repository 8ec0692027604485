CREATE TABLE "media_files" (
	"bucket" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_bucket_name_pk" PRIMARY KEY("bucket","name")
);
--> statement-breakpoint
CREATE INDEX "media_files_kind_idx" ON "media_files" USING btree ("kind","created_at" DESC NULLS LAST);