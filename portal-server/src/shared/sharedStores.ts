import { MemoryRateLimitStore, type RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { RedisRateLimitStore } from '../rateLimit/redisRateLimitStore.js';
import { type CounterStore, MemoryCounterStore } from './counterStore.js';
import { closeRedis, connectRedis, type RedisSettings, redisAddress } from './redisClient.js';
import { RedisCounterStore } from './redisCounterStore.js';

/** What the instances of one portal share, and how to let go of it when the server closes. */
export interface SharedStores {
  rateLimitStore: RateLimitStore;
  counterStore: CounterStore;
  /** Readiness: Redis answers a PING (undefined without REDIS_URL: nothing to ask). */
  ping: (() => Promise<boolean>) | undefined;
  close(): Promise<void>;
}

/** Key spaces under REDIS_KEY_PREFIX: rate-limit windows, counters. */
const RATE_LIMIT_KEYS = 'rl:';
const COUNTER_KEYS = 'ct:';

interface StoresLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The stores from the configuration: with REDIS_URL both live in Redis (one connection), shared by
 * every instance pointed at it; without it, in this process's memory. A store given by the caller
 * (tests, an embedding application) is used as it is.
 */
export function sharedStores(
  redis: RedisSettings | undefined,
  log: StoresLog,
  given: { rateLimitStore?: RateLimitStore | undefined; counterStore?: CounterStore | undefined } = {},
): SharedStores {
  if (!redis || (given.rateLimitStore && given.counterStore)) {
    return {
      rateLimitStore: given.rateLimitStore ?? new MemoryRateLimitStore(),
      counterStore: given.counterStore ?? new MemoryCounterStore(),
      ping: undefined,
      close: async () => {},
    };
  }
  const client = connectRedis(redis, log);
  log.info(
    { redis: redisAddress(redis.url), keyPrefix: redis.keyPrefix },
    'rate limits and counters in redis',
  );
  return {
    rateLimitStore:
      given.rateLimitStore ?? new RedisRateLimitStore(client, redis.keyPrefix + RATE_LIMIT_KEYS),
    counterStore: given.counterStore ?? new RedisCounterStore(client, redis.keyPrefix + COUNTER_KEYS),
    ping: () =>
      client.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
    close: () => closeRedis(client),
  };
}
