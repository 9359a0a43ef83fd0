import type { Clock, RateDecision, RateLimit, RateLimiter } from '@groundfloor/domain';
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
 * database shares the counters. A hit serialises on its key with a
 * transaction-scoped advisory lock: two processes cannot both count nine
 * hits and both let the tenth through.
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
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + limit.windowSeconds * 1000);
    const decision = await this.executor.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [limit.key]);
      const decided = await this.decide(manager, limit, now);
      await manager.query('INSERT INTO rate_limit_hits (key, hit_at, expires_at) VALUES ($1, $2, $3)', [
        limit.key,
        now,
        expiresAt,
      ]);
      await manager.query('DELETE FROM rate_limit_hits WHERE key = $1 AND expires_at <= $2', [
        limit.key,
        now,
      ]);
      return decided;
    });
    await this.sweep(now);
    return decision;
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
