import type {
  Clock,
  RateConsumption,
  RateDecision,
  RateHit,
  RateLimit,
  RateLimiter,
} from '@groundfloor/domain';
import type { EntityManager } from 'typeorm';
import type { Executor } from '../executor';

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
 * nine hits and both let the tenth through.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private lastSweep = 0;

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
    // A full window is answered from one unlocked read: a flood against one
    // key is then refused without queueing every request on the key's lock
    // (and a pooled connection each). A read that finds room is only a hint;
    // the decision that records is taken again under the lock.
    const seen = await this.check(limit);
    if (!seen.allowed) return { allowed: false, retryAfterSeconds: seen.retryAfterSeconds };
    const { decision, id } = await this.record(limit, 'if-allowed');
    if (id === null) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
    return { allowed: true, retryAfterSeconds: 0, hit: { key: limit.key, id } };
  }

  async refund(hit: RateHit): Promise<void> {
    // Deleting one row needs no lock: it can only make room, never let a hit past the limit.
    if (!/^\d+$/.test(hit.id)) return;
    await this.executor
      .manager()
      .query('DELETE FROM rate_limit_hits WHERE id = $1 AND key = $2', [hit.id, hit.key]);
  }

  /** Decides under the key's lock and records the hit (always, or only when allowed); answers its id. */
  private async record(
    limit: RateLimit,
    when: 'always' | 'if-allowed',
  ): Promise<{ decision: RateDecision; id: string | null }> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + limit.windowSeconds * 1000);
    const recorded = await this.executor.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [limit.key]);
      const decision = await this.decide(manager, limit, now);
      if (!decision.allowed && when === 'if-allowed') return { decision, id: null };
      const rows: { id: string | number }[] = await manager.query(
        'INSERT INTO rate_limit_hits (key, hit_at, expires_at) VALUES ($1, $2, $3) RETURNING id',
        [limit.key, now, expiresAt],
      );
      await manager.query('DELETE FROM rate_limit_hits WHERE key = $1 AND expires_at <= $2', [
        limit.key,
        now,
      ]);
      return { decision, id: String(rows[0]?.id) };
    });
    await this.sweep(now);
    return recorded;
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
    const row = rows[0] ?? { hits: 0, blocking: null };
    if (row.hits < limit.limit) return ALLOWED;
    const leavesAt = (row.blocking ?? now).getTime() + limit.windowSeconds * 1000;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leavesAt - now.getTime()) / 1000)) };
  }

  /** Drops hits of keys that are no longer being hit; at most once a minute per process. */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    await this.executor.manager().query('DELETE FROM rate_limit_hits WHERE expires_at <= $1', [now]);
  }
}
