import type { RateLimit, RateLimiter } from '../../ports/rate-limiter.port';
import { takePlaces } from './take-places';

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
 * Reserves one hit in each limit before the attempt is evaluated, all of
 * them as one atomic step of the limiter (`consumeAll`), so no more attempts
 * than the limit are ever evaluated, however many arrive at once. (Checking
 * first and recording after a failure lets every concurrent attempt through
 * the check before the first failure is recorded.) A full limit refuses the
 * attempt, which then holds no place in any of them; the refusal names the
 * first full limit in the order given.
 */
export async function reserveAttempt<L extends RateLimit>(
  rateLimiter: RateLimiter,
  limits: readonly L[],
  refused: (limit: L, retryAfterSeconds: number) => Error,
): Promise<ReservedAttempt> {
  const hits = await takePlaces(rateLimiter, limits, refused);
  // A refund that fails leaves its hit to expire with the window: stricter
  // for a while, never looser, and the caller sees the error that mattered.
  const giveBack = async () => {
    await Promise.allSettled(hits.map((hit) => rateLimiter.refund(hit)));
  };
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
