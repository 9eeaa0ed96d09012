CREATE TABLE "wheels" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wheels_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "wheels" ADD CONSTRAINT "wheels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wheels_user_synced_idx" ON "wheels" USING btree ("user_id","synced_at");