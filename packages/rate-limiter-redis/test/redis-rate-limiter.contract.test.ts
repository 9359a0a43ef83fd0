import { randomUUID } from 'node:crypto';
import { describeRateLimiterContract } from '@groundfloor/testkit';
import { openRedis, RedisRateLimiter } from '../src';

/*
 * The rate-limiter contract (the same suite the fake, PGlite and PostgreSQL
 * run) against a real Redis: TEST_REDIS_URL, e.g. redis://127.0.0.1:6379.
 * Each run writes under a prefix of its own and removes it afterwards.
 */
const url = process.env.TEST_REDIS_URL;

if (url) {
  describeRateLimiterContract('Redis', async (clock) => {
    const redis = await openRedis(url);
    const prefix = `gf:test:${randomUUID()}:`;
    return {
      subject: new RedisRateLimiter(redis, clock, prefix),
      close: async () => {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      },
    };
  });
} else {
  it.skip('needs TEST_REDIS_URL for the Redis rate-limiter contract', () => {});
}
