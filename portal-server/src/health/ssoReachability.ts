import type { DependencyState } from './dependencies.js';

/** Calls in a row that got no usable answer before the SSO counts as failing. */
const FAILURES_BEFORE_FAILING = 3;
/** How long an active probe's answer is reused (a dashboard polling every second asks the SSO once in 5 s). */
const PROBE_REUSE_MS = 5000;
/** The longest a probe waits for the SSO. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Whether the SSO answers, for /dependencies and the metrics: every call to it (the proxy's and
 * the token client's) tells its status here (0: no answer; 5xx: answered, but every sign-in fails),
 * and a probe (any HTTP answer from the SSO's base URL) settles it when there is no traffic. Three
 * failed calls in a row make it failing; one that answers, ok again.
 */
export class SsoReachability {
  private failuresInARow = 0;
  private lastAnswerAt: number | undefined;
  private up = true;
  private probed: { at: number; done: Promise<void> } | undefined;

  constructor(
    private readonly ssoBaseUrl: string,
    /** Told of every change of state (the metrics' gauge). */
    private readonly onChange: (up: boolean) => void = () => {},
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
    private readonly now: () => number = Date.now,
  ) {}

  /** One call's outcome: its status (0 when the SSO did not answer). */
  observe(status: number): void {
    if (status === 0 || status >= 500) {
      this.failuresInARow += 1;
      if (this.failuresInARow >= FAILURES_BEFORE_FAILING) this.set(false);
    } else {
      this.failuresInARow = 0;
      this.lastAnswerAt = this.now();
      this.set(true);
    }
  }

  /** Asks the SSO (at most once in PROBE_REUSE_MS), then reports. */
  async state(): Promise<DependencyState> {
    const now = this.now();
    if (!this.probed || now - this.probed.at >= PROBE_REUSE_MS) {
      this.probed = { at: now, done: this.probe() };
    }
    await this.probed.done;
    return {
      state: this.up ? 'ok' : 'failing',
      failuresInARow: this.failuresInARow,
      ...(this.lastAnswerAt === undefined ? {} : { lastAnswer: new Date(this.lastAnswerAt).toISOString() }),
    };
  }

  private async probe(): Promise<void> {
    try {
      const reply = await this.fetchImpl(this.ssoBaseUrl, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await reply.body?.cancel();
      // A probe's failure counts at once: nobody waits on three calls when nobody is signing in.
      if (reply.status >= 500) {
        this.failuresInARow = Math.max(this.failuresInARow + 1, FAILURES_BEFORE_FAILING);
        this.set(false);
      } else this.observe(reply.status);
    } catch {
      this.failuresInARow = Math.max(this.failuresInARow + 1, FAILURES_BEFORE_FAILING);
      this.set(false);
    }
  }

  private set(up: boolean): void {
    if (up === this.up) return;
    this.up = up;
    this.onChange(up);
  }
}
