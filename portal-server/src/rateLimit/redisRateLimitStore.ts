import type { Redis } from 'ioredis';
import * as v from 'valibot';
import type { RateLimitStore, WindowCount } from './rateLimitStore.js';

/**
 * One window's count in one round trip, atomically (a script runs alone on the Redis server): the
 * first hit sets the window's end, later hits only count. A key left without an expiry (written by
 * hand, or by a script stopped between its calls) gets one, so no key counts for ever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** The script's reply: [count, milliseconds left]. */
const HitReply = v.tuple([v.pipe(v.number(), v.integer()), v.pipe(v.number(), v.integer())]);

/**
 * The rate limits of every instance that shares this Redis: `hit` counts in `<prefix><name>:<key>`
 * (fixed windows from the key's first request; the window's end is Redis's clock, the same for
 * every instance). Errors and timeouts of the connection reach the caller, which fails closed.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    /** Begins every key, e.g. `portal:rl:`. */
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const reply = await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, String(windowMs));
    const [count, ttl] = v.parse(HitReply, reply);
    return { count, resetInMs: ttl };
  }
}
