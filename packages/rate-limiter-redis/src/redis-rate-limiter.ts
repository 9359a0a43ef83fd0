import { randomUUID } from 'node:crypto';
import {
  assertDistinctRateKeys,
  type Clock,
  type RateConsumption,
  type RateDecision,
  type RateHit,
  type RateLimit,
  type RateLimiter,
  type RatesConsumption,
} from '@groundfloor/domain';
import type { Redis } from 'ioredis';

/*
 * One sorted set per limit key: members are hits, scores their times in
 * milliseconds. The whole decision runs as one Lua script, which Redis
 * executes atomically, so every replica sharing the server shares one exact
 * count. Times come from the application's clock (as with the database
 * adapter), so the window is the same whichever adapter is bound.
 *
 * ARGV: now (ms), window (ms), limit, member, mode: check | hit | consume.
 * Returns {allowed 0|1, retry-after seconds}.
 */
const DECIDE = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local mode = ARGV[5]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = count < limit
local retry = 0
if not allowed then
  local blocking = redis.call('ZREVRANGE', key, limit - 1, limit - 1, 'WITHSCORES')
  local at = now
  if blocking[2] then at = tonumber(blocking[2]) end
  retry = math.max(1, math.ceil((at + window - now) / 1000))
end
if mode == 'hit' or (mode == 'consume' and allowed) then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
end
if allowed then return {1, 0} end
return {0, retry}
`;

/*
 * `consumeAll`: the same window for each key, all in one script. KEYS: the
 * limits' keys. ARGV: now (ms), then window (ms), limit and member for each
 * key in turn. Every key is trimmed and counted first; the first without
 * room is answered {0, its position (0-based), retry-after seconds} and
 * nothing is added anywhere. Otherwise every member is added: {1}.
 */
const CONSUME_ALL = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 + (i - 1) * 3])
  local limit = tonumber(ARGV[3 + (i - 1) * 3])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local blocking = redis.call('ZREVRANGE', key, limit - 1, limit - 1, 'WITHSCORES')
    local at = now
    if blocking[2] then at = tonumber(blocking[2]) end
    return {0, i - 1, math.max(1, math.ceil((at + window - now) / 1000))}
  end
end
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 + (i - 1) * 3])
  redis.call('ZADD', key, now, ARGV[4 + (i - 1) * 3])
  redis.call('PEXPIRE', key, window)
end
return {1}
`;

type Mode = 'check' | 'hit' | 'consume';

interface WithDecide extends Redis {
  gfRateDecide(
    key: string,
    now: number,
    window: number,
    limit: number,
    member: string,
    mode: Mode,
  ): Promise<[number, number]>;
  gfRateConsumeAll(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
}

/** The `RateLimiter` port on Redis (`REDIS_URL`), for limits that hold exactly across replicas. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: WithDecide;

  constructor(
    redis: Redis,
    private readonly clock: Clock,
    /** Prefixes every key, so one Redis can serve several installs (or test runs). */
    private readonly prefix = 'gf:rate:',
  ) {
    redis.defineCommand('gfRateDecide', { numberOfKeys: 1, lua: DECIDE });
    // Without numberOfKeys, the key count is the first argument of each call.
    redis.defineCommand('gfRateConsumeAll', { lua: CONSUME_ALL });
    this.redis = redis as WithDecide;
  }

  async check(limit: RateLimit): Promise<RateDecision> {
    const [allowed, retry] = await this.decide(limit, 'check', '');
    return { allowed: allowed === 1, retryAfterSeconds: retry };
  }

  async hit(limit: RateLimit): Promise<RateDecision> {
    const [allowed, retry] = await this.decide(limit, 'hit', this.member());
    return { allowed: allowed === 1, retryAfterSeconds: retry };
  }

  async consume(limit: RateLimit): Promise<RateConsumption> {
    const member = this.member();
    const [allowed, retry] = await this.decide(limit, 'consume', member);
    if (allowed !== 1) return { allowed: false, retryAfterSeconds: retry };
    return { allowed: true, retryAfterSeconds: 0, hit: { key: limit.key, id: member } };
  }

  async consumeAll(limits: readonly RateLimit[]): Promise<RatesConsumption> {
    assertDistinctRateKeys(limits);
    const members = limits.map(() => this.member());
    const answer = await this.redis.gfRateConsumeAll(
      limits.length,
      ...limits.map((limit) => this.prefix + limit.key),
      this.clock.now().getTime(),
      ...limits.flatMap((limit, i) => [limit.windowSeconds * 1000, limit.limit, members[i] ?? '']),
    );
    if (answer[0] !== 1)
      return { allowed: false, refused: answer[1] ?? 0, retryAfterSeconds: answer[2] ?? 1 };
    return { allowed: true, hits: limits.map((limit, i) => ({ key: limit.key, id: members[i] ?? '' })) };
  }

  async refund(hit: RateHit): Promise<void> {
    await this.redis.zrem(this.prefix + hit.key, hit.id);
  }

  private decide(limit: RateLimit, mode: Mode, member: string): Promise<[number, number]> {
    return this.redis.gfRateDecide(
      this.prefix + limit.key,
      this.clock.now().getTime(),
      limit.windowSeconds * 1000,
      limit.limit,
      member,
      mode,
    );
  }

  /** Unique per hit: two hits in the same millisecond are two members. */
  private member(): string {
    return `${this.clock.now().getTime()}:${randomUUID()}`;
  }
}
