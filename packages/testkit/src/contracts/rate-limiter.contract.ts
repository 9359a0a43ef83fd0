/// <reference types="jest" />
import type { Clock, RateLimit, RateLimiter } from '@groundfloor/domain';
import { FakeClock } from '../fakes/fakes';
import { newId } from './contract-fixtures';
import type { ContractSubject } from './contract-subject';

/**
 * What every `RateLimiter` must do: a sliding window per key, where `hit`
 * always records (a denied hit counts too) and `check` records nothing.
 * `open` receives the clock the limiter must read; the suite moves it.
 */
export function describeRateLimiterContract(
  label: string,
  open: (clock: Clock) => Promise<ContractSubject<RateLimiter>>,
): void {
  describe(`rate limiter contract: ${label}`, () => {
    const clock = new FakeClock();
    let opened: ContractSubject<RateLimiter> | undefined;
    const limiter = (): RateLimiter => {
      if (!opened) throw new Error('the rate limiter did not open');
      return opened.subject;
    };
    const aLimit = (limit: number, windowSeconds: number): RateLimit => ({
      key: `test:${newId()}`,
      limit,
      windowSeconds,
    });
    const allowed = { allowed: true, retryAfterSeconds: 0 };

    beforeAll(async () => {
      opened = await open(clock);
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('allows `limit` hits in the window, then denies until the right hit has left it', async () => {
      const limit = aLimit(3, 60);
      expect(await limiter().hit(limit)).toEqual(allowed);
      clock.advance(10);
      expect(await limiter().hit(limit)).toEqual(allowed);
      clock.advance(10);
      expect(await limiter().hit(limit)).toEqual(allowed);
      clock.advance(10);
      // Hits at 0, 10, 20; at 30 the one at 0 leaves the window at 60.
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 30 });
      expect(await limiter().hit(limit)).toEqual({ allowed: false, retryAfterSeconds: 30 });
      clock.advance(30);
      // At 60: 0 has left, but the denied hit at 30 counts: 10, 20, 30 remain.
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 10 });
      clock.advance(10);
      expect(await limiter().check(limit)).toEqual(allowed);
    });

    it('check records nothing', async () => {
      const limit = aLimit(1, 60);
      for (let i = 0; i < 5; i++) expect(await limiter().check(limit)).toEqual(allowed);
      expect(await limiter().hit(limit)).toEqual(allowed);
      expect((await limiter().check(limit)).allowed).toBe(false);
    });

    it('keeps keys apart', async () => {
      const a = aLimit(1, 60);
      const b = aLimit(1, 60);
      await limiter().hit(a);
      expect((await limiter().check(a)).allowed).toBe(false);
      expect(await limiter().check(b)).toEqual(allowed);
      expect(await limiter().hit(b)).toEqual(allowed);
    });

    it('answers at least one second, rounding up', async () => {
      const limit = aLimit(1, 10);
      await limiter().hit(limit);
      clock.advance(9.5);
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      clock.advance(0.4);
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      clock.advance(0.1);
      expect(await limiter().check(limit)).toEqual(allowed);
    });

    it('counts every concurrent hit exactly once', async () => {
      const limit = aLimit(5, 60);
      const decisions = await Promise.all(Array.from({ length: 12 }, () => limiter().hit(limit)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
      clock.advance(1);
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    });
  });
}
