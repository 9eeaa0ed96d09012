-- A subscription its owner withdrew before it started is kept without an owner when the account
-- is deleted, so that PayPal's webhook can still cancel it should it ever start (decision 0014).
ALTER TABLE "billing_subscriptions" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
-- Contact messages name the account that sent them while signed in: "Download my data" and
-- "Delete my account" find them by this id, never by an email address typed into the form.
ALTER TABLE "contact_messages" ADD COLUMN "user_id" text REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" ("user_id");
