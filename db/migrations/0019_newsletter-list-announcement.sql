CREATE TABLE "newsletter_announcements" (
	"subscriber_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"issue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_announcements_subscriber_id_list_id_pk" PRIMARY KEY("subscriber_id","list_id")
);
--> statement-breakpoint
ALTER TABLE "newsletter_lists" ADD COLUMN "announce_in_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_announcements" ADD CONSTRAINT "newsletter_announcements_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_announcements" ADD CONSTRAINT "newsletter_announcements_list_id_newsletter_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."newsletter_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_announcements" ADD CONSTRAINT "newsletter_announcements_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE set null ON UPDATE no action;