CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"item_count" integer NOT NULL,
	"snapshot" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_visited_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shares_owner_idx" ON "shares" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "shares_visitor_visited_idx" ON "shares" USING btree ("last_visited_at");
