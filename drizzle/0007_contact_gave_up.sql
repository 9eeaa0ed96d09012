ALTER TABLE "contact_messages" ADD COLUMN IF NOT EXISTS "gave_up_at" timestamp with time zone;
