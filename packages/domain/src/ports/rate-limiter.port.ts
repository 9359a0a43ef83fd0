export interface RateLimit {
  /** A stable bucket name, e.g. `signin:<email>`. */
  readonly key: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  /** Seconds until one more hit would be allowed; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

/** One hit recorded by `consume`, so that exactly that hit can be given back. */
export interface RateHit {
  readonly key: string;
  /** Names the hit in the limiter's store; opaque to callers. */
  readonly id: string;
}

/** What `consume` answers: the hit it recorded, or how long until one would fit. */
export type RateConsumption =
  | { readonly allowed: true; readonly retryAfterSeconds: 0; readonly hit: RateHit }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Sliding-window counters shared by every process using the same store, so
 * replicas never multiply a limit.
 */
export interface RateLimiter {
  /** Whether one more hit would be within the limit; records nothing. */
  check(limit: RateLimit): Promise<RateDecision>;
  /** Records one hit, even a denied one, and says whether it was within the limit. */
  hit(limit: RateLimit): Promise<RateDecision>;
  /**
   * Records one hit only if it is within the limit, as one atomic step: N
   * concurrent consumes against a limit of L admit exactly min(N, L), from
   * every process sharing the store. A denied consume records nothing. Use it
   * to reserve an attempt before doing the work the limit guards, and
   * `refund` the hit when the attempt turns out not to count.
   */
  consume(limit: RateLimit): Promise<RateConsumption>;
  /** Removes the one hit `consume` recorded; nothing happens if it is already gone. */
  refund(hit: RateHit): Promise<void>;
}
export const RATE_LIMITER = Symbol.for('gf.rate-limiter');
