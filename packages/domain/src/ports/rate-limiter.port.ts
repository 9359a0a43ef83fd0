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
 * What `consumeAll` answers: a hit in every limit (in the order asked), or
 * the position of the first limit that had no room and how long until it has.
 */
export type RatesConsumption =
  | { readonly allowed: true; readonly hits: readonly RateHit[] }
  | { readonly allowed: false; readonly refused: number; readonly retryAfterSeconds: number };

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
  /**
   * `consume` for several limits as one atomic step: a hit in each of them,
   * or, when any has no room, in none. One step instead of one per limit
   * (one round trip to the store), and an attempt refused by one limit never
   * holds a place in another, not even for a moment. Each limit needs a key
   * of its own; a repeated key is a programming error and throws.
   */
  consumeAll(limits: readonly RateLimit[]): Promise<RatesConsumption>;
  /** Removes the one hit `consume` or `consumeAll` recorded; nothing happens if it is already gone. */
  refund(hit: RateHit): Promise<void>;
}
export const RATE_LIMITER = Symbol.for('gf.rate-limiter');

/** `consumeAll` takes one hit per key: a repeated key is the caller's mistake, refused before the store is asked. */
export function assertDistinctRateKeys(limits: readonly RateLimit[]): void {
  if (new Set(limits.map((limit) => limit.key)).size !== limits.length) {
    throw new Error('consumeAll: every limit needs a key of its own');
  }
}
