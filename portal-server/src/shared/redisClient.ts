import { Redis } from 'ioredis';

/** REDIS_URL and its companions: where the instances of one portal keep what they share. */
export interface RedisSettings {
  /** redis:// or rediss:// (TLS), with an optional user, password and database number. */
  url: string;
  /**
   * The longest a command may wait for its reply, connecting included. A hung or unreachable Redis
   * then fails a request within this time (a rate-limited route answers 503) instead of holding it.
   */
  commandTimeoutMs: number;
  /** Begins every key this portal writes, so several portals (or tenants) can share one Redis. */
  keyPrefix: string;
}

/** Told when the connection drops or fails (an outage begins) and when it is ready again. */
export interface RedisEvents {
  failed(error: unknown): void;
  ready(): void;
}

/** The longest a reconnecting client waits between two tries. */
const MAX_RECONNECT_DELAY_MS = 2000;

/** The URL without its user and password, fit for a log line. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * One connection to Redis for the whole process (commands are pipelined on it). It reconnects by
 * itself, forever, with a growing delay; meanwhile each command fails after `commandTimeoutMs` (a
 * command queued while disconnected is dropped at the next reconnect try), and once an outage is
 * known the callers do not ask at all (shared/storeHealth.ts). Its errors and its readiness go to `events`,
 * which logs an outage once, not every try.
 */
export function connectRedis(settings: RedisSettings, events: RedisEvents): Redis {
  const client = new Redis(settings.url, {
    commandTimeout: settings.commandTimeoutMs,
    connectTimeout: Math.max(settings.commandTimeoutMs, 1000),
    maxRetriesPerRequest: 1,
    retryStrategy: (tries) => Math.min(tries * 100, MAX_RECONNECT_DELAY_MS),
  });
  client.on('error', (error: unknown) => events.failed(error));
  client.on('ready', () => events.ready());
  return client;
}

/** Ends the connection: QUIT when connected (pending replies still arrive), else at once. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // the connection broke while quitting: drop it below
    }
  }
  client.disconnect();
}
