import { CLOCK, type Clock, RATE_LIMITER, type RateLimiter } from '@groundfloor/domain';
import type { Database } from '@groundfloor/persistence-typeorm';
import { openRedis, RedisRateLimiter } from '@groundfloor/rate-limiter-redis';
import { ContainerModule } from 'inversify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { CONFIG, DATABASE, READINESS, REDIS } from '../tokens';

/**
 * With REDIS_URL, rate-limit counters live in Redis: the database adapter's
 * binding is replaced, nothing else changes (supplement §11).
 */
export const redisModule = new ContainerModule(({ bind, rebind }) => {
  bind<Redis>(REDIS)
    .toResolvedValue((config: Config) => openRedis(config.redisUrl as string), [CONFIG])
    .inSingletonScope();
  rebind<RateLimiter>(RATE_LIMITER)
    .toResolvedValue((redis: Redis, clock: Clock) => new RedisRateLimiter(redis, clock), [REDIS, CLOCK])
    .inSingletonScope();
  // Ready while both the database and Redis answer.
  rebind<() => Promise<void>>(READINESS)
    .toResolvedValue(
      (db: Database, redis: Redis) => async () => {
        await db.ping();
        await redis.ping();
      },
      [DATABASE, REDIS],
    )
    .inSingletonScope();
});
