-- The free trial is one per email address, also after the account is deleted: a keyed one-way
-- hash (HMAC-SHA-256 under a key kept in server_secrets) of each address that started a trial.
CREATE TABLE "billing_trial_emails" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
