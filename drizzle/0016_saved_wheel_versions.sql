-- Earlier versions of saved wheels in the account (issue 33, decision 0025). Every change of a
-- saved wheel's content keeps the content it replaces as a version, written by a trigger on
-- `wheels` (the push function stays one call), with the rules of src/core/wheel/versions.ts:
--   - while a wheel is edited, at most one version per 10 minutes; a change that halves or doubles
--     the item count (Clear all) and a restore (content equal to a kept version's) always make one;
--   - a wheel keeps at least its newest 20 versions and every version of the last 30 days; older
--     ones beyond the 20 are pruned when a version is added;
--   - a deleted wheel's versions go with it;
--   - versions count towards the storage quota (data_bytes), and when it is full the push frees
--     the oldest versions before it refuses: never a current wheel.
CREATE TABLE "saved_wheel_versions" (
  "version_id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "wheel_id" text NOT NULL,
  "name" text NOT NULL,
  "data" jsonb NOT NULL,
  "data_bytes" integer NOT NULL,
  "item_count" integer NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saved_wheel_versions_wheel_idx" ON "saved_wheel_versions" ("user_id", "wheel_id", "created_at") INCLUDE ("data_bytes");
--> statement-breakpoint
-- The quota's sum and the oldest-first freeing read this index alone.
CREATE INDEX "saved_wheel_versions_user_idx" ON "saved_wheel_versions" ("user_id", "created_at") INCLUDE ("data_bytes");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION saved_wheel_versions_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_newest timestamptz;
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM saved_wheel_versions v WHERE v.user_id = OLD.user_id AND v.wheel_id = OLD.id;
    RETURN NULL;
  END IF;
  SELECT max(v.created_at) INTO v_newest
  FROM saved_wheel_versions v WHERE v.user_id = OLD.user_id AND v.wheel_id = OLD.id;
  -- A restore (the new content is a kept version's, its time aside) always keeps what it replaces.
  IF v_newest IS NOT NULL AND NEW.item_count * 2 > OLD.item_count AND NEW.item_count < OLD.item_count * 2
     AND now() - v_newest < interval '10 minutes'
     AND NOT EXISTS (
       SELECT 1 FROM saved_wheel_versions v
       WHERE v.user_id = OLD.user_id AND v.wheel_id = OLD.id AND v.data_bytes = NEW.data_bytes
         AND (v.data - 'updatedAt') = (NEW.data - 'updatedAt')) THEN
    RETURN NULL;
  END IF;
  -- The same content saved again (only its time changed) is no new version.
  IF (OLD.data - 'updatedAt') = (NEW.data - 'updatedAt') THEN
    RETURN NULL;
  END IF;
  INSERT INTO saved_wheel_versions (user_id, wheel_id, name, data, data_bytes, item_count, created_at)
  VALUES (OLD.user_id, OLD.id, OLD.name, OLD.data, OLD.data_bytes, OLD.item_count, now());
  DELETE FROM saved_wheel_versions v
  WHERE v.user_id = OLD.user_id AND v.wheel_id = OLD.id AND v.created_at < now() - interval '30 days'
    AND v.version_id NOT IN (
      SELECT x.version_id FROM saved_wheel_versions x
      WHERE x.user_id = OLD.user_id AND x.wheel_id = OLD.id
      ORDER BY x.created_at DESC, x.version_id DESC LIMIT 20);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "wheels_keep_versions" AFTER UPDATE ON "wheels"
FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND OLD.data IS DISTINCT FROM NEW.data)
EXECUTE FUNCTION saved_wheel_versions_keep();
--> statement-breakpoint
-- The push function of 0015_sync_push_leaner.sql, with versions counted towards the quota.
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
  v_version_bytes bigint;
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
  -- The current wheels alone over the quota: no version can make room.
  IF v_bytes > p_quota_bytes THEN
    RAISE EXCEPTION 'cloud storage is full' USING ERRCODE = 'WH413';
  END IF;
  -- Versions count towards the quota: when it is full the oldest go first (whatever their wheel),
  -- only as many as the room needs, never a current wheel.
  SELECT coalesce(sum(v.data_bytes), 0) INTO v_version_bytes
  FROM saved_wheel_versions v WHERE v.user_id = p_user;
  IF v_bytes + v_version_bytes > p_quota_bytes THEN
    DELETE FROM saved_wheel_versions v
    USING (
      SELECT o.version_id FROM (
        SELECT x.version_id, x.data_bytes,
               sum(x.data_bytes) OVER (ORDER BY x.created_at, x.version_id) AS running
        FROM saved_wheel_versions x WHERE x.user_id = p_user
      ) o
      WHERE o.running - o.data_bytes < v_bytes + v_version_bytes - p_quota_bytes
    ) gone
    WHERE v.user_id = p_user AND v.version_id = gone.version_id;
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
