-- The transactional mails of billing (welcome and receipt, trial ending, renewal received or failed,
-- cancellation, plan ended): one row per mail, keyed by the user, the kind and the event it tells of.
-- The insert that wins the unique key is the only one that sends it, in any number of processes and
-- across restarts; sent_at is set once the mailer took it, claimed_at while one process sends it.
CREATE TABLE "billing_mail_events" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_mail_events_pkey" PRIMARY KEY ("user_id", "kind", "event_key")
);
--> statement-breakpoint
CREATE INDEX "billing_mail_events_unsent_idx" ON "billing_mail_events" ("created_at") WHERE "sent_at" IS NULL;
