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

interface Hit {
  readonly id: string;
  readonly at: number;
}

/**
 * Sliding windows in a map. Each call runs to completion without awaiting,
 * so in one process a consume is as atomic as the database's.
 */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, Hit[]>();
  private lastId = 0;

  constructor(private readonly clock: Clock) {}

  async check(limit: RateLimit): Promise<RateDecision> {
    return this.decide(limit, this.window(limit));
  }

  async hit(limit: RateLimit): Promise<RateDecision> {
    const hits = this.window(limit);
    const decision = this.decide(limit, hits);
    this.record(hits);
    return decision;
  }

  async consume(limit: RateLimit): Promise<RateConsumption> {
    const hits = this.window(limit);
    const decision = this.decide(limit, hits);
    if (!decision.allowed) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
    return { allowed: true, retryAfterSeconds: 0, hit: { key: limit.key, id: this.record(hits) } };
  }

  async consumeAll(limits: readonly RateLimit[]): Promise<RatesConsumption> {
    assertDistinctRateKeys(limits);
    const windows = limits.map((limit) => this.window(limit));
    for (const [refused, limit] of limits.entries()) {
      const decision = this.decide(limit, windows[refused] ?? []);
      if (!decision.allowed)
        return { allowed: false, refused, retryAfterSeconds: decision.retryAfterSeconds };
    }
    return {
      allowed: true,
      hits: limits.map((limit, i) => ({ key: limit.key, id: this.record(windows[i] ?? []) })),
    };
  }

  async refund(hit: RateHit): Promise<void> {
    const hits = this.hits.get(hit.key) ?? [];
    this.hits.set(
      hit.key,
      hits.filter((h) => h.id !== hit.id),
    );
  }

  private window(limit: RateLimit): Hit[] {
    const since = this.clock.now().getTime() - limit.windowSeconds * 1000;
    const kept = (this.hits.get(limit.key) ?? []).filter((h) => h.at > since);
    this.hits.set(limit.key, kept);
    return kept;
  }

  private record(hits: Hit[]): string {
    this.lastId += 1;
    const id = String(this.lastId);
    hits.push({ id, at: this.clock.now().getTime() });
    return id;
  }

  private decide(limit: RateLimit, hits: readonly Hit[]): RateDecision {
    if (hits.length < limit.limit) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.clock.now().getTime();
    const blocking = hits[hits.length - limit.limit]?.at ?? now;
    const retry = Math.ceil((blocking + limit.windowSeconds * 1000 - now) / 1000);
    return { allowed: false, retryAfterSeconds: Math.max(1, retry) };
  }
}
