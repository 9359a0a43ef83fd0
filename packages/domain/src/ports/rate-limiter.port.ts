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

/**
 * Sliding-window counters shared by every process using the same store, so
 * replicas never multiply a limit.
 */
export interface RateLimiter {
  /** Whether one more hit would be within the limit; records nothing. */
  check(limit: RateLimit): Promise<RateDecision>;
  /** Records one hit and says whether it was within the limit. */
  hit(limit: RateLimit): Promise<RateDecision>;
}
export const RATE_LIMITER = Symbol.for('gf.rate-limiter');
