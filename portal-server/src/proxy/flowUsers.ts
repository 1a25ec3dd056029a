import type { Redis } from 'ioredis';
import type { StoreHealth } from '../shared/storeHealth.js';

/** A flow state is worth remembering as long as the SSO keeps a sign-in step open, and a little more. */
export const FLOW_USER_TTL_MS = 30 * 60_000;

/**
 * Which user each live sign-in flow belongs to (userAttemptLimit.ts), so a call that carries only
 * a flow state is counted under its user. Keys and values are digests (`flow:…` → `user:…`): no
 * user name or flow state is kept in clear, here or in a shared store.
 */
export interface FlowUserStore {
  /** The user key the flow key belongs to, if known and not expired. */
  userOf(flowKey: string): Promise<string | undefined>;
  remember(flowKey: string, userKey: string): Promise<void>;
}

/**
 * One process's memory: bounded (the oldest entries go first), each entry for `ttlMs`. The embedded
 * default, and each instance's own copy while the shared store is down.
 */
export class MemoryFlowUsers implements FlowUserStore {
  private readonly users = new Map<string, { user: string; expires: number }>();

  constructor(
    private readonly ttlMs = FLOW_USER_TTL_MS,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async userOf(flowKey: string): Promise<string | undefined> {
    const entry = this.users.get(flowKey);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.user;
    this.users.delete(flowKey);
    return undefined;
  }

  async remember(flowKey: string, userKey: string): Promise<void> {
    this.users.delete(flowKey);
    if (this.users.size >= this.maxEntries) {
      const oldest = this.users.keys().next().value;
      if (oldest !== undefined) this.users.delete(oldest);
    }
    this.users.set(flowKey, { user: userKey, expires: this.now() + this.ttlMs });
  }
}

/** Every instance's memory of flows in Redis: `<prefix><flow key>` → user key, expiring after `ttlMs`. */
export class RedisFlowUsers implements FlowUserStore {
  constructor(
    private readonly redis: Redis,
    /** Begins every key, e.g. `portal:flow:`. */
    private readonly prefix: string,
    private readonly ttlMs = FLOW_USER_TTL_MS,
  ) {}

  async userOf(flowKey: string): Promise<string | undefined> {
    return (await this.redis.get(`${this.prefix}${flowKey}`)) ?? undefined;
  }

  async remember(flowKey: string, userKey: string): Promise<void> {
    await this.redis.set(`${this.prefix}${flowKey}`, userKey, 'PX', this.ttlMs);
  }
}

/**
 * The shared memory of flows, with this instance's own beside it: every flow is remembered in both,
 * and read from the shared one first. While the shared store fails (StoreHealth), only the own copy
 * is used, so the flows this instance saw are still counted under their users, and no request
 * waits on a store that does not answer.
 */
export class ResilientFlowUsers implements FlowUserStore {
  constructor(
    private readonly shared: FlowUserStore,
    private readonly health: StoreHealth,
    private readonly local: FlowUserStore = new MemoryFlowUsers(),
  ) {}

  async userOf(flowKey: string): Promise<string | undefined> {
    const own = await this.local.userOf(flowKey);
    if (own !== undefined || this.health.failing) return own;
    try {
      const user = await this.shared.userOf(flowKey);
      this.health.answered();
      return user;
    } catch (error) {
      this.health.failed(error);
      return undefined;
    }
  }

  async remember(flowKey: string, userKey: string): Promise<void> {
    await this.local.remember(flowKey, userKey);
    if (this.health.failing) return;
    try {
      await this.shared.remember(flowKey, userKey);
      this.health.answered();
    } catch (error) {
      this.health.failed(error);
    }
  }
}
