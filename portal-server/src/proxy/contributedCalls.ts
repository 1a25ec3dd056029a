import type { MergedContributions } from '@portal/contributions/merge';
import type { ContributedCall } from './proxyRules.js';

/**
 * How long the proxy keeps passing a call after the last page load whose builds named it: a page
 * opened before a rollback finishes its sign-in (a flow state lives far less than this).
 */
export const RETIRED_CALL_GRACE_MS = 30 * 60_000;

/**
 * The SSO calls the live remotes contribute, for the proxy (proxyRules.ts): those of the builds
 * live now, and those of any build a page was given in the last RETIRED_CALL_GRACE_MS (a canary's,
 * or one rolled back since), so an open page can finish. A call nobody has named for that long is
 * refused again.
 */
export class ContributedCalls {
  private readonly lastNamed = new Map<string, { call: ContributedCall; at: number }>();

  constructor(
    /** The merged contributions of the builds a page load gets now (no canary cookie). */
    private readonly live: () => Promise<MergedContributions>,
    private readonly now: () => number = Date.now,
    private readonly graceMs = RETIRED_CALL_GRACE_MS,
  ) {}

  /** A page was given builds with these contributions (every first-load plan reports here). */
  note(merged: MergedContributions): void {
    const at = this.now();
    for (const { method, path, triesSecret } of merged.calls) {
      // One entry per call and flag: a build that stops saying it tries a secret is not believed
      // while a page of the build that said so may still use it.
      this.lastNamed.set(`${method} ${path} ${triesSecret === true}`, {
        call: { method, path, triesSecret: triesSecret === true },
        at,
      });
    }
  }

  async current(): Promise<ContributedCall[]> {
    this.note(await this.live());
    const since = this.now() - this.graceMs;
    const calls: ContributedCall[] = [];
    for (const [key, { call, at }] of this.lastNamed) {
      if (at >= since) calls.push(call);
      else this.lastNamed.delete(key);
    }
    return calls;
  }
}
