-- Custom themes sync to the account for premium users, like saved wheels (issue 15).
CREATE TABLE "custom_themes" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
