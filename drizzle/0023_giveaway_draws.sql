-- Issue 36: a verifiable draw may pick several winners (with rerolls) or make teams (decision 0051).
-- "giveaway" is the request committed with the entries, as canonical JSON text so that a host's
-- open commitment of the same entries and request is found by equality; null for a single winner.
-- "giveaway_result" is the result computed at the reveal and after each reroll; "rerolls" the
-- rerolls in the order they were made ({ place, at }), never removed; "reroll_count" lets one of
-- two concurrent rerolls win.
ALTER TABLE "draws" ADD COLUMN "giveaway" text;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "giveaway_result" jsonb;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "rerolls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "reroll_count" integer DEFAULT 0 NOT NULL;
