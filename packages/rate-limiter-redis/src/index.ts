export { openRedis } from './open-redis';
export { RedisRateLimiter } from './redis-rate-limiter';
