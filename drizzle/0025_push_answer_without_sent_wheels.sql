-- A push's answer may leave out the wheels the client sent and the server now holds as sent: the
-- client has them. With p_omit_sent, such a row (written from a change, or already holding the
-- version a change sends) comes back without its data and with `from_change`, the index of that
-- change in the request; every other row changed after the cursor (other devices' changes,
-- conflict copies, tombstones) comes back whole. Without it (clients of an older version), the
-- answer is 0020's. Otherwise the function is 0020's. With the new argument's default, a process
-- of the previous version still running during a deploy calls this one with its eight arguments
-- and reads the columns it knows: its answers do not change.
DROP FUNCTION IF EXISTS sync_push_wheels(text, integer, jsonb, integer, bigint, integer, text, text);
--> statement-breakpoint
CREATE FUNCTION sync_push_wheels(
  p_user text,
  p_since integer,
  p_changes jsonb,
  p_max_wheels integer,
  p_quota_bytes bigint,
  p_name_units integer,
  p_conflict_suffix text,
  p_lock_timeout text,
  p_omit_sent boolean DEFAULT false
)
RETURNS TABLE (
  o_cursor integer,
  o_conflicts jsonb,
  id text,
  data jsonb,
  updated_at timestamptz,
  deleted_at timestamptz,
  revision integer,
  from_change integer
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
  v_versions bigint;
  v_other bigint;
  -- The revisions written with a wheel exactly as this request sent it, and that change's index.
  v_sent_revisions integer[] := '{}';
  v_sent_changes integer[] := '{}';
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
  v_start := v_bytes;

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
      -- The server has this version already (an upload the page left before its answer came, sent
      -- again): nothing to write, and the client has the wheel.
      v_sent_revisions := v_sent_revisions || v_row.revision;
      v_sent_changes := v_sent_changes || v_i;
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
      v_sent_revisions := v_sent_revisions || v_revision;
      v_sent_changes := v_sent_changes || v_i;
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
  -- What the account's other stores hold now: a few running totals (stored_bytes), not their rows,
  -- read after the loop so that the versions this push kept (the trigger on wheels) are counted.
  SELECT coalesce(sum(s.bytes) FILTER (WHERE s.store <> 'versions'), 0),
         coalesce(sum(s.bytes) FILTER (WHERE s.store = 'versions'), 0)
  INTO v_other, v_versions FROM stored_bytes s WHERE s.user_id = p_user;
  -- The account's quota over everything it stores. The current content alone over it: no version
  -- can make room, and a push that grows the saved wheels is refused (one that frees room never is).
  IF v_bytes > v_start AND v_bytes + v_other > p_quota_bytes THEN
    RAISE EXCEPTION 'the account''s storage is full' USING ERRCODE = 'WH413';
  END IF;
  -- Otherwise earlier versions give way, the oldest first, as many as the room needs.
  IF v_bytes + v_other + v_versions > p_quota_bytes THEN
    PERFORM free_oldest_versions(p_user, v_bytes + v_other + v_versions - p_quota_bytes);
  END IF;

  RETURN QUERY
  SELECT v_revision, v_conflicts, c.id,
         CASE WHEN p_omit_sent AND s.i IS NOT NULL THEN NULL ELSE c.data END,
         c.updated_at, c.deleted_at, c.revision,
         CASE WHEN p_omit_sent THEN s.i END
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT w.id, w.data, w.updated_at, w.deleted_at, w.revision FROM wheels w
    WHERE w.user_id = p_user AND w.revision > p_since
    ORDER BY w.revision
  ) c ON true
  LEFT JOIN unnest(v_sent_revisions, v_sent_changes) AS s(r, i) ON s.r = c.revision
  ORDER BY c.revision;
END $$;
