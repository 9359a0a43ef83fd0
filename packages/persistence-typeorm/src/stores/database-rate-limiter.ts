import {
  assertDistinctRateKeys,
  type Clock,
  type RateConsumption,
  type RateDecision,
  type RateHit,
  type RateLimit,
  type RateLimiter,
  type RatesConsumption,
} from '@groundfloor/domain';
import type { EntityManager } from 'typeorm';
import type { Executor } from '../executor';
import { CoalescingWriter } from '../repositories/coalescing-writer';

const ALLOWED: RateDecision = { allowed: true, retryAfterSeconds: 0 };
/** How often one process sweeps every key's expired hits (each key's own are dropped on every hit). */
const SWEEP_INTERVAL_MS = 60_000;

interface WindowRow {
  hits: number;
  /** The hit whose leaving the window brings the count back under the limit. */
  blocking: Date | null;
}

/**
 * Sliding-window limits over `rate_limit_hits`, so every process sharing the
 * database shares the counters. Deciding and recording serialise on the key
 * with a transaction-scoped advisory lock: two processes cannot both count
 * nine hits and both let the tenth through. Both happen in one call of
 * `gf_rate_limit_record` (migration 1767227400000), one round trip.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private lastSweep = 0;
  /**
   * Refunds made together go in one statement: a sign-in gives back both of
   * its hits at once, and concurrent sign-ins join them.
   */
  private readonly refunds = new CoalescingWriter<RateHit>((hits) => this.remove(hits));

  constructor(
    private readonly executor: Executor,
    private readonly clock: Clock,
  ) {}

  check(limit: RateLimit): Promise<RateDecision> {
    const now = this.clock.now();
    return this.decide(this.executor.manager(), limit, now);
  }

  async hit(limit: RateLimit): Promise<RateDecision> {
    const { decision } = await this.record(limit, 'always');
    return decision;
  }

  async consume(limit: RateLimit): Promise<RateConsumption> {
    // A full window is answered from an unlocked count inside the call, so a
    // flood against one key is refused without queueing on the key's lock.
    const { decision, id } = await this.record(limit, 'if-allowed');
    if (id === null) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
    return { allowed: true, retryAfterSeconds: 0, hit: { key: limit.key, id } };
  }

  /** One call of `gf_rate_limit_consume_all` (migration 1767227600000): every key's hit, or none. */
  async consumeAll(limits: readonly RateLimit[]): Promise<RatesConsumption> {
    assertDistinctRateKeys(limits);
    const now = this.clock.now();
    const rows: (WindowRow & { refused: number | null; hit_ids: (string | number)[] | null })[] =
      await this.executor
        .manager()
        .query(
          'SELECT refused, hits, blocking, hit_ids FROM gf_rate_limit_consume_all($1::text[], $2, $3::int[], $4::int[])',
          [
            limits.map((limit) => limit.key),
            now,
            limits.map((limit) => limit.windowSeconds),
            limits.map((limit) => limit.limit),
          ],
        );
    await this.sweep(now);
    const row = rows[0];
    if (!row) throw new Error('gf_rate_limit_consume_all answered no row');
    if (row.refused !== null) {
      const full = limits[row.refused];
      if (!full)
        throw new Error(`gf_rate_limit_consume_all refused limit ${row.refused} of ${limits.length}`);
      return {
        allowed: false,
        refused: row.refused,
        retryAfterSeconds: decisionOf(row, full, now).retryAfterSeconds,
      };
    }
    const ids = row.hit_ids ?? [];
    if (ids.length !== limits.length)
      throw new Error('gf_rate_limit_consume_all answered the wrong number of hits');
    return { allowed: true, hits: limits.map((limit, i) => ({ key: limit.key, id: String(ids[i]) })) };
  }

  async refund(hit: RateHit): Promise<void> {
    // Deleting one row needs no lock: it can only make room, never let a hit past the limit.
    if (!/^\d+$/.test(hit.id)) return;
    // Inside a transaction's own session (PGlite), a shared statement would wait for it.
    await (this.executor.enclosed ? this.remove([hit]) : this.refunds.add(hit));
  }

  private async remove(hits: readonly RateHit[]): Promise<void> {
    await this.executor
      .manager()
      .query(
        'DELETE FROM rate_limit_hits h USING unnest($1::bigint[], $2::text[]) AS r(id, key) WHERE h.id = r.id AND h.key = r.key',
        [hits.map((hit) => hit.id), hits.map((hit) => hit.key)],
      );
  }

  /** Decides under the key's lock and records the hit (always, or only when allowed); answers its id. */
  private async record(
    limit: RateLimit,
    when: 'always' | 'if-allowed',
  ): Promise<{ decision: RateDecision; id: string | null }> {
    const now = this.clock.now();
    const rows: (WindowRow & { hit_id: string | number | null })[] = await this.executor
      .manager()
      .query('SELECT hits, blocking, hit_id FROM gf_rate_limit_record($1, $2, $3, $4, $5)', [
        limit.key,
        now,
        limit.windowSeconds,
        limit.limit,
        when === 'always',
      ]);
    const row = rows[0] ?? { hits: 0, blocking: null, hit_id: null };
    await this.sweep(now);
    return { decision: decisionOf(row, limit, now), id: row.hit_id === null ? null : String(row.hit_id) };
  }

  private async decide(manager: EntityManager, limit: RateLimit, now: Date): Promise<RateDecision> {
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    // Hits are counted newest first; the limit-th newest is the one that has
    // to leave the window before one more hit fits.
    const rows: WindowRow[] = await manager.query(
      `SELECT
         (SELECT count(*)::int FROM rate_limit_hits WHERE key = $1 AND hit_at > $2) AS hits,
         (SELECT hit_at FROM rate_limit_hits WHERE key = $1 AND hit_at > $2
           ORDER BY hit_at DESC OFFSET $3 LIMIT 1) AS blocking`,
      [limit.key, since, Math.max(0, limit.limit - 1)],
    );
    return decisionOf(rows[0] ?? { hits: 0, blocking: null }, limit, now);
  }

  /** Drops hits of keys that are no longer being hit; at most once a minute per process. */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    await this.executor.manager().query('DELETE FROM rate_limit_hits WHERE expires_at <= $1', [now]);
  }
}

/** Within the limit, or how long until the hit that blocks it leaves the window. */
function decisionOf(row: WindowRow, limit: RateLimit, now: Date): RateDecision {
  if (row.hits < limit.limit) return ALLOWED;
  const leavesAt = (row.blocking ?? now).getTime() + limit.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - now.getTime()) / 1000)) };
}
