import type { RateHit, RateLimit, RateLimiter } from '../../ports/rate-limiter.port';

/** An attempt holding one hit in each of its limits until it is decided. */
export interface ReservedAttempt {
  /**
   * Runs the attempt. An answer of `false` means it failed, and its hits stay
   * counted; any other answer, or a throw, gives them back, so only failed
   * attempts use up the limits.
   */
  settle<T>(attempt: () => Promise<T | false>): Promise<T | false>;
}

/**
 * Reserves one hit in each limit, in order, before the attempt is evaluated.
 * Each reservation is one atomic step of the limiter, so no more attempts
 * than the limit are ever evaluated, however many arrive at once. (Checking
 * first and recording after a failure lets every concurrent attempt through
 * the check before the first failure is recorded.) A full limit refuses the
 * attempt, and the hits already reserved for it are given back.
 */
export async function reserveAttempt<L extends RateLimit>(
  rateLimiter: RateLimiter,
  limits: readonly L[],
  refused: (limit: L, retryAfterSeconds: number) => Error,
): Promise<ReservedAttempt> {
  const hits: RateHit[] = [];
  // A refund that fails leaves its hit to expire with the window: stricter
  // for a while, never looser, and the caller sees the error that mattered.
  const giveBack = async () => {
    await Promise.allSettled(hits.map((hit) => rateLimiter.refund(hit)));
  };
  for (const limit of limits) {
    const consumed = await rateLimiter.consume(limit).catch(async (error: unknown) => {
      await giveBack();
      throw error;
    });
    if (!consumed.allowed) {
      await giveBack();
      throw refused(limit, consumed.retryAfterSeconds);
    }
    hits.push(consumed.hit);
  }
  return {
    async settle<T>(attempt: () => Promise<T | false>): Promise<T | false> {
      const outcome = await attempt().catch(async (error: unknown) => {
        await giveBack();
        throw error;
      });
      if (outcome !== false) await giveBack();
      return outcome;
    },
  };
}
