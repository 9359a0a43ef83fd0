import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 13 (performance): recording a rate-limited hit took a transaction of
// six statements (BEGIN, the key's advisory lock, the count, the insert, the
// prune, COMMIT) after an unlocked count: seven round trips, and a sign-in
// reserves two hits. This function does the same steps on the server in one
// call. It is VOLATILE (the default), so each statement in it reads with a
// fresh snapshot, as the separate statements did: the count taken after the
// lock sees every hit committed by whoever held the lock before. Called
// outside a transaction, the lock is held until the call's own commit.
export class RateLimitFunction1767227400000 implements MigrationInterface {
  name = 'RateLimitFunction1767227400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION gf_rate_limit_record(
        p_key text,
        p_now timestamptz,
        p_window_seconds integer,
        p_limit integer,
        p_always boolean
      ) RETURNS TABLE (hits integer, blocking timestamptz, hit_id bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_since timestamptz := p_now - make_interval(secs => p_window_seconds);
        v_hits integer;
        v_blocking timestamptz;
        v_id bigint;
      BEGIN
        IF NOT p_always THEN
          -- A full window is answered without the lock: a flood against one
          -- key is refused without queueing every call on it.
          SELECT count(*)::int INTO v_hits FROM rate_limit_hits r
            WHERE r.key = p_key AND r.hit_at > v_since;
          IF v_hits >= p_limit THEN
            SELECT r.hit_at INTO v_blocking FROM rate_limit_hits r
              WHERE r.key = p_key AND r.hit_at > v_since
              ORDER BY r.hit_at DESC OFFSET greatest(p_limit - 1, 0) LIMIT 1;
            RETURN QUERY SELECT v_hits, v_blocking, NULL::bigint;
            RETURN;
          END IF;
        END IF;
        PERFORM pg_advisory_xact_lock(hashtext(p_key));
        SELECT count(*)::int INTO v_hits FROM rate_limit_hits r
          WHERE r.key = p_key AND r.hit_at > v_since;
        IF v_hits >= p_limit THEN
          -- The limit-th newest hit has to leave the window before one more fits.
          SELECT r.hit_at INTO v_blocking FROM rate_limit_hits r
            WHERE r.key = p_key AND r.hit_at > v_since
            ORDER BY r.hit_at DESC OFFSET greatest(p_limit - 1, 0) LIMIT 1;
          IF NOT p_always THEN
            RETURN QUERY SELECT v_hits, v_blocking, NULL::bigint;
            RETURN;
          END IF;
        END IF;
        INSERT INTO rate_limit_hits (key, hit_at, expires_at)
          VALUES (p_key, p_now, p_now + make_interval(secs => p_window_seconds))
          RETURNING id INTO v_id;
        DELETE FROM rate_limit_hits r WHERE r.key = p_key AND r.expires_at <= p_now;
        RETURN QUERY SELECT v_hits, v_blocking, v_id;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION gf_rate_limit_record(text, timestamptz, integer, integer, boolean)');
  }
}
