CREATE TABLE "draws" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"entries" jsonb NOT NULL,
	"wheel_hash" text NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"client_seed" text,
	"winner_index" integer,
	"previous_draw_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_previous_draw_id_draws_id_fk" FOREIGN KEY ("previous_draw_id") REFERENCES "draws"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draws_user_idx" ON "draws" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "draws_previous_idx" ON "draws" USING btree ("previous_draw_id");
