-- Issue 33: "Other draws of these entries" matches the normalised multiset of entries (trimmed,
-- order-free; src/core/draws/entries-key.ts), not only an identical wheelHash. The key is computed
-- by the server in TypeScript, so existing rows are filled by the draw-entries-key job on start;
-- until then they still match by wheelHash. The second index finds a host's open commitment of
-- the same entries, which a repeated commit reuses.
ALTER TABLE "draws" ADD COLUMN "entries_key" text;--> statement-breakpoint
CREATE INDEX "draws_user_entries_key_idx" ON "draws" USING btree ("user_id","entries_key");--> statement-breakpoint
CREATE INDEX "draws_open_idx" ON "draws" USING btree ("user_id","wheel_hash") WHERE "revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "draws_entries_key_missing_idx" ON "draws" USING btree ("id") WHERE "entries_key" IS NULL;
