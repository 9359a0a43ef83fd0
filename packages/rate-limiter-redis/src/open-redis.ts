import { Redis } from 'ioredis';

/**
 * A Redis connection for `REDIS_URL` (`redis://` or `rediss://`). Commands
 * fail fast while the server is unreachable instead of queueing, so a
 * request is refused promptly rather than hanging; ioredis reconnects in the
 * background.
 */
export async function openRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  await redis.connect();
  return redis;
}
