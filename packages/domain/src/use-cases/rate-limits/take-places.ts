import type { RateHit, RateLimit, RateLimiter } from '../../ports/rate-limiter.port';

/**
 * One hit under every limit, as one atomic step of the limiter
 * (`consumeAll`), or the error `refused` makes for the first full limit in
 * the order given; a refusal takes no place anywhere.
 */
export async function takePlaces<L extends RateLimit>(
  rateLimiter: RateLimiter,
  limits: readonly L[],
  refused: (limit: L, retryAfterSeconds: number) => Error,
): Promise<readonly RateHit[]> {
  const consumed = await rateLimiter.consumeAll(limits);
  if (consumed.allowed) return consumed.hits;
  const full = limits[consumed.refused];
  if (full === undefined)
    throw new Error(`the rate limiter refused limit ${consumed.refused} of ${limits.length}`);
  throw refused(full, consumed.retryAfterSeconds);
}
