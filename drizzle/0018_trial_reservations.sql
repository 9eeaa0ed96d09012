-- One free trial per account, ever: the trial is reserved when the account's first trial
-- subscription is created, by the one insert that wins the primary key (also across server
-- processes); every later subscription is created without a trial.
CREATE TABLE "billing_trial_reservations" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"request_id" text NOT NULL,
	"subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Subscriptions created with a trial before this migration: the earliest of each account holds it.
INSERT INTO "billing_trial_reservations" ("user_id", "request_id", "subscription_id", "created_at")
SELECT DISTINCT ON ("user_id") "user_id", 'before-0018', "id", "created_at"
FROM "billing_subscriptions"
WHERE "trial_days" > 0 AND "user_id" IS NOT NULL
ORDER BY "user_id", "created_at", "id";
