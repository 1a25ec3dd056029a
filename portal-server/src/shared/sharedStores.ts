import {
  type FlowUserStore,
  MemoryFlowUsers,
  RedisFlowUsers,
  ResilientFlowUsers,
} from '../proxy/flowUsers.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { RedisRateLimitStore } from '../rateLimit/redisRateLimitStore.js';
import { ResilientRateLimitStore } from '../rateLimit/resilientRateLimitStore.js';
import { type CounterStore, MemoryCounterStore } from './counterStore.js';
import { closeRedis, connectRedis, type RedisSettings, redisAddress } from './redisClient.js';
import { RedisCounterStore } from './redisCounterStore.js';
import { ResilientCounterStore } from './resilientCounterStore.js';
import { StoreHealth } from './storeHealth.js';

/** What the instances of one portal share, and how to let go of it when the server closes. */
export interface SharedStores {
  rateLimitStore: RateLimitStore;
  counterStore: CounterStore;
  /** Which user each live sign-in flow belongs to (proxy/userAttemptLimit.ts). */
  flows: FlowUserStore;
  /**
   * The shared store's health (undefined without REDIS_URL: nothing is shared): /dependencies and
   * the metrics report it. `probe` asks Redis (a PING) and records the answer.
   */
  redis: { health: StoreHealth; probe: () => Promise<void> } | undefined;
  close(): Promise<void>;
}

/** Key spaces under REDIS_KEY_PREFIX: rate-limit windows, counters, the users of live flows. */
const RATE_LIMIT_KEYS = 'rl:';
const COUNTER_KEYS = 'ct:';
const FLOW_KEYS = 'flow:';

interface StoresLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SharedStoreOptions {
  /** Stores given by the caller (tests, an embedding application), used as they are. */
  rateLimitStore?: RateLimitStore | undefined;
  counterStore?: CounterStore | undefined;
  /** PORTAL_INSTANCES: each instance's share of a limit while Redis is down is 1 / this. */
  instances: number;
  /** Told when an outage starts (false) and ends (true): the metrics. */
  onHealthChange?: ((up: boolean) => void) | undefined;
}

/**
 * The stores from the configuration: with REDIS_URL they live in Redis (one connection), shared by
 * every instance pointed at it, and degrade to this instance's memory while Redis is down (limits
 * cut to their share, README "Running several portal servers"); without it, in this process's
 * memory.
 */
export function sharedStores(
  redis: RedisSettings | undefined,
  log: StoresLog,
  options: SharedStoreOptions,
): SharedStores {
  if (!redis || (options.rateLimitStore && options.counterStore)) {
    return {
      rateLimitStore: options.rateLimitStore ?? new MemoryRateLimitStore(),
      counterStore: options.counterStore ?? new MemoryCounterStore(),
      flows: new MemoryFlowUsers(),
      redis: undefined,
      close: async () => {},
    };
  }
  const address = redisAddress(redis.url);
  const health = new StoreHealth(log, address, options.onHealthChange);
  const client = connectRedis(redis, {
    failed: (error) => health.failed(error),
    ready: () => health.answered(),
  });
  log.info({ redis: address, keyPrefix: redis.keyPrefix }, 'rate limits, counters and flows in redis');
  return {
    rateLimitStore:
      options.rateLimitStore ??
      new ResilientRateLimitStore(
        new RedisRateLimitStore(client, redis.keyPrefix + RATE_LIMIT_KEYS),
        health,
        options.instances,
      ),
    counterStore:
      options.counterStore ??
      new ResilientCounterStore(new RedisCounterStore(client, redis.keyPrefix + COUNTER_KEYS), health),
    flows: new ResilientFlowUsers(new RedisFlowUsers(client, redis.keyPrefix + FLOW_KEYS), health),
    redis: {
      health,
      probe: () =>
        client.ping().then(
          () => health.answered(),
          (error: unknown) => health.failed(error),
        ),
    },
    close: () => closeRedis(client),
  };
}
