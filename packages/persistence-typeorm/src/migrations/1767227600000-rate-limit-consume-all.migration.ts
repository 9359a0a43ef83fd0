import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): a sign-in reserved its two hits (per address, per
// email) with two calls of gf_rate_limit_record, two round trips and two
// commits. This function reserves a hit under each of several keys as one
// step: every key is counted without a lock first (a full window is refused
// without queueing on its lock, as gf_rate_limit_record does), then every
// key's advisory lock is taken in ascending order of its id, so two calls
// never wait on each other in a circle, and every key is counted again. The
// first key without room is answered (its position from 0, its count and the
// hit that has to leave the window) and nothing is recorded; otherwise a hit
// is recorded under every key and their ids are answered in order. VOLATILE
// (the default), so each count reads with a fresh snapshot, as in
// gf_rate_limit_record; called outside a transaction, the locks last until
// the call's own commit.
export class RateLimitConsumeAll1767227600000 implements MigrationInterface {
  name = 'RateLimitConsumeAll1767227600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION gf_rate_limit_consume_all(
        p_keys text[],
        p_now timestamptz,
        p_window_seconds integer[],
        p_limits integer[]
      ) RETURNS TABLE (refused integer, hits integer, blocking timestamptz, hit_ids bigint[])
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_count integer := coalesce(array_length(p_keys, 1), 0);
        v_hits integer;
        v_blocking timestamptz;
        v_lock integer;
        v_id bigint;
        v_ids bigint[] := '{}';
      BEGIN
        FOR v_pass IN 1 .. 2 LOOP
          IF v_pass = 2 THEN
            FOR v_lock IN SELECT DISTINCT hashtext(k) FROM unnest(p_keys) AS k ORDER BY 1 LOOP
              PERFORM pg_advisory_xact_lock(v_lock);
            END LOOP;
          END IF;
          FOR i IN 1 .. v_count LOOP
            SELECT count(*)::int INTO v_hits FROM rate_limit_hits r
              WHERE r.key = p_keys[i] AND r.hit_at > p_now - make_interval(secs => p_window_seconds[i]);
            IF v_hits >= p_limits[i] THEN
              -- The limit-th newest hit has to leave the window before one more fits.
              SELECT r.hit_at INTO v_blocking FROM rate_limit_hits r
                WHERE r.key = p_keys[i] AND r.hit_at > p_now - make_interval(secs => p_window_seconds[i])
                ORDER BY r.hit_at DESC OFFSET greatest(p_limits[i] - 1, 0) LIMIT 1;
              RETURN QUERY SELECT i - 1, v_hits, v_blocking, NULL::bigint[];
              RETURN;
            END IF;
          END LOOP;
        END LOOP;
        FOR i IN 1 .. v_count LOOP
          INSERT INTO rate_limit_hits (key, hit_at, expires_at)
            VALUES (p_keys[i], p_now, p_now + make_interval(secs => p_window_seconds[i]))
            RETURNING id INTO v_id;
          v_ids := v_ids || v_id;
          DELETE FROM rate_limit_hits r WHERE r.key = p_keys[i] AND r.expires_at <= p_now;
        END LOOP;
        RETURN QUERY SELECT NULL::integer, NULL::integer, NULL::timestamptz, v_ids;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION gf_rate_limit_consume_all(text[], timestamptz, integer[], integer[])');
  }
}
