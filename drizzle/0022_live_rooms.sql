-- Issue 35: live spin rooms. A room mirrors its host's wheel to every screen; the host's token and
-- the remote's secret are kept as SHA-256 hashes (the secrets are only in the creation's answer).
-- Each spin is a verifiable draw: a room's draws have no user (rooms are for everyone), so draws'
-- user_id may now be null. room_viewers holds each server process's count of a room's connections
-- (refreshed while it has any), summed for the viewer count.
ALTER TABLE "draws" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "rooms" (
	"code" text PRIMARY KEY NOT NULL,
	"host_token_hash" text NOT NULL,
	"remote_secret_hash" text,
	"user_id" text,
	"address" text NOT NULL,
	"max_items" integer NOT NULL,
	"wheel" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"next_draw_id" text,
	"spin" jsonb,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permanent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_next_draw_id_draws_id_fk" FOREIGN KEY ("next_draw_id") REFERENCES "draws"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_host_token_idx" ON "rooms" USING btree ("host_token_hash");--> statement-breakpoint
CREATE INDEX "rooms_open_address_idx" ON "rooms" USING btree ("address") WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rooms_open_user_idx" ON "rooms" USING btree ("user_id") WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rooms_active_idx" ON "rooms" USING btree ("active_at") WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE TABLE "room_viewers" (
	"room_code" text NOT NULL,
	"process_id" text NOT NULL,
	"viewers" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_viewers_pk" PRIMARY KEY ("room_code","process_id")
);
--> statement-breakpoint
ALTER TABLE "room_viewers" ADD CONSTRAINT "room_viewers_room_code_rooms_code_fk" FOREIGN KEY ("room_code") REFERENCES "rooms"("code") ON DELETE cascade ON UPDATE no action;
