DROP INDEX IF EXISTS "wheels_user_synced_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wheels_user_revision_idx" ON "wheels" USING btree ("user_id","revision");
