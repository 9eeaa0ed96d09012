-- One byte quota per account over everything it stores (issue 33, finding 3; decision 0027).
--
-- Each stored row carries its size (`data_bytes`, written with it). Saved wheels are added up by the
-- sync push, which already reads every row of the user under its lock. Every other store keeps a
-- running total per user and store in `stored_bytes`, kept by a trigger, so the push reads a handful
-- of rows however many draws or links the account holds. A new store is one trigger line below
-- (its table needs `user_id` and `data_bytes` columns).

ALTER TABLE "shares" ADD COLUMN "data_bytes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "shares" SET "data_bytes" = octet_length("snapshot"::text)
WHERE "snapshot" IS NOT NULL AND "deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "data_bytes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A draw's entries and name, and 256 bytes for its seeds, hashes and times.
UPDATE "draws" SET "data_bytes" = octet_length("entries"::text) + octet_length("name") + 256;
--> statement-breakpoint
ALTER TABLE "custom_themes" ADD COLUMN "data_bytes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "custom_themes" SET "data_bytes" = octet_length("themes"::text) + octet_length("deleted"::text);
--> statement-breakpoint
CREATE TABLE "stored_bytes" (
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "store" text NOT NULL,
  "bytes" bigint DEFAULT 0 NOT NULL,
  PRIMARY KEY ("user_id", "store")
);
--> statement-breakpoint
INSERT INTO "stored_bytes" ("user_id", "store", "bytes")
SELECT "owner_id", 'shares', sum("data_bytes") FROM "shares"
WHERE "owner_id" IS NOT NULL AND "deleted_at" IS NULL GROUP BY "owner_id"
UNION ALL
SELECT "user_id", 'draws', sum("data_bytes") FROM "draws" GROUP BY "user_id"
UNION ALL
SELECT "user_id", 'themes', sum("data_bytes") FROM "custom_themes" GROUP BY "user_id";
--> statement-breakpoint
-- Keeps `stored_bytes` in step with a store's rows. TG_ARGV[0] names the store, TG_ARGV[1] the
-- column naming the user ('user_id' when left out). A row without a user (a visitor's link) counts
-- nowhere. A delete never adds a row, so deleting a user (whose counters cascade) cannot fail here.
CREATE OR REPLACE FUNCTION track_stored_bytes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_store text := TG_ARGV[0];
  v_by_owner boolean := coalesce(TG_ARGV[1], 'user_id') = 'owner_id';
  v_old_user text;
  v_new_user text;
  v_old bigint := 0;
  v_new bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF v_by_owner THEN v_old_user := OLD.owner_id; ELSE v_old_user := OLD.user_id; END IF;
    v_old := OLD.data_bytes;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF v_by_owner THEN v_new_user := NEW.owner_id; ELSE v_new_user := NEW.user_id; END IF;
    v_new := NEW.data_bytes;
  END IF;
  IF v_old_user IS NOT DISTINCT FROM v_new_user THEN
    v_new := v_new - v_old;
    v_old := 0;
  END IF;
  IF v_old_user IS NOT NULL AND v_old <> 0 THEN
    UPDATE stored_bytes s SET bytes = s.bytes - v_old WHERE s.user_id = v_old_user AND s.store = v_store;
  END IF;
  IF v_new_user IS NOT NULL AND v_new < 0 THEN
    UPDATE stored_bytes s SET bytes = s.bytes + v_new WHERE s.user_id = v_new_user AND s.store = v_store;
  ELSIF v_new_user IS NOT NULL AND v_new > 0 THEN
    INSERT INTO stored_bytes AS s (user_id, store, bytes) VALUES (v_new_user, v_store, v_new)
    ON CONFLICT (user_id, store) DO UPDATE SET bytes = s.bytes + excluded.bytes;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The stores. `UPDATE OF data_bytes`: a link's visit or a draw's reveal does not fire it.
CREATE TRIGGER "shares_stored_bytes" AFTER INSERT OR UPDATE OF "data_bytes" OR DELETE ON "shares"
FOR EACH ROW EXECUTE FUNCTION track_stored_bytes('shares', 'owner_id');
--> statement-breakpoint
CREATE TRIGGER "draws_stored_bytes" AFTER INSERT OR UPDATE OF "data_bytes" OR DELETE ON "draws"
FOR EACH ROW EXECUTE FUNCTION track_stored_bytes('draws');
--> statement-breakpoint
CREATE TRIGGER "custom_themes_stored_bytes" AFTER INSERT OR UPDATE OF "data_bytes" OR DELETE ON "custom_themes"
FOR EACH ROW EXECUTE FUNCTION track_stored_bytes('themes');
--> statement-breakpoint
-- What an account stores, per store: the saved wheels added up, the other stores' running totals.
CREATE OR REPLACE FUNCTION account_usage(p_user text) RETURNS TABLE (store text, bytes bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'wheels'::text, coalesce(sum(w.data_bytes), 0)::bigint FROM wheels w
  WHERE w.user_id = p_user AND w.deleted_at IS NULL
  UNION ALL
  SELECT s.store, s.bytes FROM stored_bytes s WHERE s.user_id = p_user
$$;
--> statement-breakpoint
-- The sync push function (0015_sync_push_leaner.sql) checking the account's one byte quota: the
-- saved wheels it adds up as before, plus the running totals of the account's other stores
-- (stored_bytes). A push that does not grow the saved wheels is never refused for the quota, so an
-- account over it can always delete or shrink.
CREATE OR REPLACE FUNCTION sync_push_wheels(
  p_user text,
  p_since integer,
  p_changes jsonb,
  p_max_wheels integer,
  p_quota_bytes bigint,
  p_name_units integer,
  p_conflict_suffix text,
  p_lock_timeout text
)
RETURNS TABLE (
  o_cursor integer,
  o_conflicts jsonb,
  id text,
  data jsonb,
  updated_at timestamptz,
  deleted_at timestamptz,
  revision integer
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_revision integer;
  v_change jsonb;
  v_wheel jsonb;
  v_row wheels%ROWTYPE;
  v_found boolean;
  v_server_time text;
  v_loser jsonb;
  v_copy_id text;
  v_conflicts jsonb := '[]'::jsonb;
  v_count integer;
  v_bytes bigint;
  v_size integer;
  v_i integer;
  v_start bigint;
  v_other bigint;
BEGIN
  -- A user's pushes run one at a time, so the revision only ever grows and a cursor never skips.
  PERFORM set_config('lock_timeout', p_lock_timeout, true), pg_advisory_xact_lock(hashtext('wheels:' || p_user));

  -- The highest revision, and the live wheels' count and size, which the loop keeps up to date.
  SELECT coalesce(max(w.revision), 0), count(*) FILTER (WHERE w.deleted_at IS NULL),
         coalesce(sum(w.data_bytes) FILTER (WHERE w.deleted_at IS NULL), 0)
  INTO v_revision, v_count, v_bytes
  FROM wheels w WHERE w.user_id = p_user;
  IF p_since > v_revision THEN
    RAISE EXCEPTION 'the sync cursor is ahead of the account''s' USING ERRCODE = 'WH400';
  END IF;
  -- What the account's other stores hold: a few running totals (stored_bytes), not their rows.
  v_start := v_bytes;
  SELECT coalesce(sum(s.bytes), 0) INTO v_other FROM stored_bytes s WHERE s.user_id = p_user;

  FOR v_i IN 0 .. jsonb_array_length(p_changes) - 1 LOOP
    v_change := p_changes -> v_i;
    -- Read again for every change, so that a batch naming a wheel twice sees its own first change.
    SELECT * INTO v_row FROM wheels w WHERE w.user_id = p_user AND w.id = v_change->>'id';
    v_found := FOUND;
    v_server_time := CASE WHEN v_found
      THEN to_char(v_row.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END;
    v_wheel := v_change->'wheel';

    IF jsonb_typeof(v_wheel) IS DISTINCT FROM 'object' THEN
      -- A delete of the version the client saw; a wheel changed elsewhere since then stays. The
      -- wheel's data goes at once; the tombstone keeps only its id and times.
      IF v_found AND v_row.deleted_at IS NULL AND v_server_time = v_change->>'base' THEN
        v_revision := v_revision + 1;
        v_count := v_count - 1;
        v_bytes := v_bytes - v_row.data_bytes;
        UPDATE wheels w
        SET deleted_at = now(), revision = v_revision, synced_at = now(), data = '{}'::jsonb,
            name = '', item_count = 0, data_bytes = 0
        WHERE w.user_id = p_user AND w.id = v_row.id;
      END IF;
      CONTINUE;
    END IF;

    IF NOT v_found OR v_row.deleted_at IS NOT NULL OR v_server_time = v_change->>'base' THEN
      v_loser := NULL;
    ELSIF v_server_time = v_wheel->>'updatedAt' THEN
      CONTINUE;
    ELSIF date_trunc('milliseconds', (v_wheel->>'updatedAt')::timestamptz) > v_row.updated_at THEN
      -- Both sides changed the wheel: the newer updatedAt keeps the id, the other is a copy.
      v_loser := v_row.data;
    ELSE
      v_loser := v_wheel;
      v_wheel := NULL;
    END IF;

    IF v_wheel IS NOT NULL THEN
      v_revision := v_revision + 1;
      v_size := octet_length(v_wheel::text);
      IF v_found AND v_row.deleted_at IS NULL THEN
        v_bytes := v_bytes - v_row.data_bytes + v_size;
      ELSE
        v_count := v_count + 1;
        v_bytes := v_bytes + v_size;
      END IF;
      -- The row was read under the user's lock: an update when it is there, an insert when not.
      IF v_found THEN
        UPDATE wheels w
        SET name = v_wheel->>'name', data = v_wheel, data_bytes = v_size,
            item_count = jsonb_array_length(v_wheel->'items'),
            created_at = date_trunc('milliseconds', (v_wheel->>'createdAt')::timestamptz),
            updated_at = date_trunc('milliseconds', (v_wheel->>'updatedAt')::timestamptz),
            deleted_at = NULL, revision = v_revision, synced_at = now()
        WHERE w.user_id = p_user AND w.id = v_row.id;
      ELSE
        INSERT INTO wheels
          (user_id, id, name, data, data_bytes, item_count, created_at, updated_at, deleted_at,
           revision, synced_at)
        VALUES (
          p_user, v_change->>'id', v_wheel->>'name', v_wheel, v_size,
          jsonb_array_length(v_wheel->'items'),
          date_trunc('milliseconds', (v_wheel->>'createdAt')::timestamptz),
          date_trunc('milliseconds', (v_wheel->>'updatedAt')::timestamptz),
          NULL, v_revision, now());
      END IF;
    END IF;

    IF v_loser IS NOT NULL THEN
      v_copy_id := left(coalesce(v_loser->>'id', 'w'), 48) || '-c'
        || left(replace(gen_random_uuid()::text, '-', ''), 8);
      v_loser := v_loser || jsonb_build_object(
        'id', v_copy_id,
        'name', sync_utf16_left(v_loser->>'name', p_name_units) || p_conflict_suffix);
      v_revision := v_revision + 1;
      v_size := octet_length(v_loser::text);
      v_count := v_count + 1;
      v_bytes := v_bytes + v_size;
      INSERT INTO wheels
        (user_id, id, name, data, data_bytes, item_count, created_at, updated_at, deleted_at, revision,
         synced_at)
      VALUES (
        p_user, v_copy_id, v_loser->>'name', v_loser, v_size,
        jsonb_array_length(v_loser->'items'),
        date_trunc('milliseconds', (v_loser->>'createdAt')::timestamptz),
        date_trunc('milliseconds', (v_loser->>'updatedAt')::timestamptz),
        NULL, v_revision, now());
      v_conflicts := v_conflicts || jsonb_build_array(
        jsonb_build_object('id', v_change->>'id', 'copyId', v_copy_id));
    END IF;
  END LOOP;

  IF v_count > p_max_wheels THEN
    RAISE EXCEPTION 'too many saved wheels' USING ERRCODE = 'WH409';
  END IF;
  -- The account's quota over everything it stores; a push that frees room is never refused.
  IF v_bytes > v_start AND v_bytes + v_other > p_quota_bytes THEN
    RAISE EXCEPTION 'the account''s storage is full' USING ERRCODE = 'WH413';
  END IF;

  RETURN QUERY
  SELECT v_revision, v_conflicts, c.id, c.data, c.updated_at, c.deleted_at, c.revision
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT w.id, w.data, w.updated_at, w.deleted_at, w.revision FROM wheels w
    WHERE w.user_id = p_user AND w.revision > p_since
    ORDER BY w.revision
  ) c ON true;
END $$;
