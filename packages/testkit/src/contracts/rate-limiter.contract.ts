/// <reference types="jest" />
import type { Clock, RateHit, RateLimit, RateLimiter } from '@groundfloor/domain';
import { FakeClock } from '../fakes/fakes';
import { newId } from './contract-fixtures';
import type { ContractSubject } from './contract-subject';

/**
 * What every `RateLimiter` must do: a sliding window per key, where `hit`
 * always records (a denied hit counts too), `consume` records only a hit
 * within the limit, atomically, `consumeAll` records one under every limit
 * or under none, `refund` removes exactly the hit it is given, and `check`
 * records nothing. `open` receives the clock the limiter must
 * read; the suite moves it.
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
    it('consume records a hit only within the limit: a denied consume counts for nothing', async () => {
      const limit = aLimit(1, 60);
      expect(await limiter().consume(limit)).toMatchObject(allowed);
      clock.advance(30);
      // Had the denied consumes been recorded, the window would still be full at 61.
      for (let i = 0; i < 3; i++)
        expect(await limiter().consume(limit)).toEqual({ allowed: false, retryAfterSeconds: 30 });
      clock.advance(31);
      expect(await limiter().consume(limit)).toMatchObject(allowed);
    });

    it('consume and hit count in the same window', async () => {
      const limit = aLimit(2, 60);
      await limiter().hit(limit);
      expect(await limiter().consume(limit)).toMatchObject(allowed);
      expect((await limiter().consume(limit)).allowed).toBe(false);
      expect((await limiter().hit(limit)).allowed).toBe(false);
    });

    it('admits exactly `limit` of many concurrent consumes, each with its own hit', async () => {
      const limit = aLimit(7, 60);
      const results = await Promise.all(Array.from({ length: 40 }, () => limiter().consume(limit)));
      const admitted = results.flatMap((r) => (r.allowed ? [r.hit] : []));
      expect(admitted).toHaveLength(7);
      expect(new Set(admitted.map((h) => h.id)).size).toBe(7);
      for (const refused of results.filter((r) => !r.allowed)) expect(refused.retryAfterSeconds).toBe(60);
      expect((await limiter().check(limit)).allowed).toBe(false);
    });

    it('admits exactly `limit` again after every admitted hit is refunded concurrently', async () => {
      const limit = aLimit(5, 60);
      const first = await Promise.all(Array.from({ length: 20 }, () => limiter().consume(limit)));
      await Promise.all(first.flatMap((r) => (r.allowed ? [limiter().refund(r.hit)] : [])));
      expect(await limiter().check(limit)).toEqual(allowed);
      const second = await Promise.all(Array.from({ length: 20 }, () => limiter().consume(limit)));
      expect(second.filter((r) => r.allowed)).toHaveLength(5);
    });

    it('refund removes exactly the hit it is given', async () => {
      const limit = aLimit(2, 60);
      const a = await limiter().consume(limit);
      clock.advance(10);
      await limiter().consume(limit);
      clock.advance(10);
      // At 20: hits at 0 and 10; the one at 0 leaves at 60.
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 40 });
      if (!a.allowed) throw new Error('the first consume was refused');
      await limiter().refund(a.hit);
      expect(await limiter().consume(limit)).toMatchObject(allowed);
      // At 20: hits at 10 and 20; had the hit at 10 been removed instead, this would say 40.
      expect(await limiter().check(limit)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    });

    it('refunding the same hit twice removes it once; a hit of another key is never touched', async () => {
      const limit = aLimit(2, 60);
      const other = aLimit(1, 60);
      const a = await limiter().consume(limit);
      await limiter().consume(limit);
      const o = await limiter().consume(other);
      if (!a.allowed || !o.allowed) throw new Error('a consume was refused');
      await limiter().refund(a.hit);
      await limiter().refund(a.hit);
      await limiter().refund({ key: limit.key, id: o.hit.id });
      expect(await limiter().consume(limit)).toMatchObject(allowed);
      expect((await limiter().consume(limit)).allowed).toBe(false);
      expect((await limiter().check(other)).allowed).toBe(false);
    });
    it('consumeAll records a hit under every limit, each refundable on its own', async () => {
      const a = aLimit(2, 60);
      const b = aLimit(1, 60);
      const taken = await limiter().consumeAll([a, b]);
      if (!taken.allowed) throw new Error('consumeAll was refused');
      expect(taken.hits.map((hit) => hit.key)).toEqual([a.key, b.key]);
      expect((await limiter().check(b)).allowed).toBe(false);
      expect(await limiter().check(a)).toEqual(allowed);
      await limiter().refund(taken.hits[1] as RateHit);
      expect(await limiter().check(b)).toEqual(allowed);
      // The hit under `a` stays: one more fits, then `a` is full.
      expect(await limiter().consume(a)).toMatchObject(allowed);
      expect((await limiter().check(a)).allowed).toBe(false);
    });

    it('consumeAll refused by one limit records nothing under any, and names the first full one', async () => {
      const roomy = aLimit(1, 60);
      const full = aLimit(1, 60);
      const later = aLimit(1, 60);
      await limiter().hit(full);
      clock.advance(15);
      await limiter().hit(later);
      clock.advance(15);
      // At 30: `full`'s hit leaves at 60, `later`'s at 75; `full` comes first.
      expect(await limiter().consumeAll([roomy, full, later])).toEqual({
        allowed: false,
        refused: 1,
        retryAfterSeconds: 30,
      });
      expect(await limiter().consumeAll([roomy, later, full])).toEqual({
        allowed: false,
        refused: 1,
        retryAfterSeconds: 45,
      });
      // Had `roomy` taken a hit before the refusals, it would be full now.
      expect(await limiter().check(roomy)).toEqual(allowed);
    });

    it('consumeAll admits exactly the smallest limit of many concurrent calls, from either order', async () => {
      const tight = aLimit(4, 60);
      const loose = aLimit(100, 60);
      // Half the calls name the keys the other way round: no call waits on another in a circle.
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => limiter().consumeAll(i % 2 ? [tight, loose] : [loose, tight])),
      );
      const admitted = results.filter((r) => r.allowed);
      expect(admitted).toHaveLength(4);
      for (const [i, r] of results.entries()) {
        if (!r.allowed) expect(r).toEqual({ allowed: false, refused: i % 2 ? 0 : 1, retryAfterSeconds: 60 });
      }
      // Only the admitted calls hold a place in `loose`: 96 more fit, not one more.
      const rest = await Promise.all(Array.from({ length: 97 }, () => limiter().consume(loose)));
      expect(rest.filter((r) => r.allowed)).toHaveLength(96);
    });

    it('consumeAll refuses a key named twice before counting anything', async () => {
      const limit = aLimit(5, 60);
      await expect(limiter().consumeAll([limit, { ...limit, limit: 9 }])).rejects.toThrow(/key of its own/);
      expect(await limiter().consumeAll([])).toEqual({ allowed: true, hits: [] });
      const taken = await Promise.all(Array.from({ length: 5 }, () => limiter().consume(limit)));
      expect(taken.every((r) => r.allowed)).toBe(true);
    });
  });
}
