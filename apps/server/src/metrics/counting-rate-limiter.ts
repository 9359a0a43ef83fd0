import type {
  RateConsumption,
  RateDecision,
  RateHit,
  RateLimit,
  RateLimiter,
  RatesConsumption,
} from '@groundfloor/domain';
import type { ServerMetrics } from './metrics';

/** The bound rate limiter, counting its refusals for `/metrics`; decisions are unchanged. */
export class CountingRateLimiter implements RateLimiter {
  constructor(
    private readonly inner: RateLimiter,
    private readonly metrics: ServerMetrics,
  ) {}

  check(limit: RateLimit): Promise<RateDecision> {
    return this.inner.check(limit).then((d) => this.counted(limit, d));
  }

  hit(limit: RateLimit): Promise<RateDecision> {
    return this.inner.hit(limit).then((d) => this.counted(limit, d));
  }

  consume(limit: RateLimit): Promise<RateConsumption> {
    return this.inner.consume(limit).then((d) => this.counted(limit, d));
  }

  async consumeAll(limits: readonly RateLimit[]): Promise<RatesConsumption> {
    const consumed = await this.inner.consumeAll(limits);
    const refused = consumed.allowed ? undefined : limits[consumed.refused];
    if (refused) this.metrics.rateLimitRefused(refused.key);
    return consumed;
  }

  refund(hit: RateHit): Promise<void> {
    return this.inner.refund(hit);
  }

  private counted<T extends { allowed: boolean }>(limit: RateLimit, decision: T): T {
    if (!decision.allowed) this.metrics.rateLimitRefused(limit.key);
    return decision;
  }
}
