-- Priority support: contact messages from signed-in premium users are mailed first.
ALTER TABLE "contact_messages" ADD COLUMN "priority" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The 7-day free trial: one per account (the primary key), and its reminder sent once.
CREATE TABLE "billing_trials" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"subscription_id" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "billing_trials_reminder_idx" ON "billing_trials" ("ends_at");
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;
