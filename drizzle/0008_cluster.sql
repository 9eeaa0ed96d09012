CREATE TABLE IF NOT EXISTS "periodic_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_by" text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "open_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "open_streams_user_idx" ON "open_streams" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "open_streams_client_idx" ON "open_streams" USING btree ("client");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "login_failures" (
	"email" text NOT NULL,
	"client" text NOT NULL,
	"count" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_email_client_pk" PRIMARY KEY("email","client")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_failures_last_idx" ON "login_failures" USING btree ("last_failed_at");
