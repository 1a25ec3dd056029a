/**
 * A page clock that jumps forward, for engines without Playwright's (and, the same, in Chromium):
 * `Date` and the timer functions of the page are wrapped so `advance(ms)` moves the page's time
 * on and fires, in order, every timer that falls due. Installed into the running page (WebDriver
 * classic has no init scripts), so only timers started after it are warped: a journey installs
 * it, then acts (a real click: the session restarts its idle timers through it), then jumps.
 */

interface Warp {
  advance(ms: number): void;
}

type WarpedWindow = Window & { __timeWarp?: Warp };

/** Runs in the page: self-contained (serialised by the drivers). */
export function installTimeWarp(_: null): boolean {
  const page = window as WarpedWindow;
  if (page.__timeWarp) return false;
  const real = {
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    now: Date.now.bind(Date),
    Date,
  };
  let offset = 0;
  const now = () => real.now() + offset;
  interface Timer {
    due: number;
    every: number | null;
    run: () => void;
    handle: number;
  }
  const timers = new Map<number, Timer>();
  let nextId = 1_000_000_000;
  const arm = (id: number, timer: Timer) => {
    timer.handle = real.setTimeout(
      () => {
        if (timer.every === null) timers.delete(id);
        else {
          timer.due = now() + timer.every;
          arm(id, timer);
        }
        timer.run();
      },
      Math.max(0, timer.due - now()),
    );
  };
  const start = (every: boolean) =>
    ((handler: TimerHandler, ms = 0, ...args: unknown[]) => {
      const id = nextId++;
      const delay = Math.max(0, Number(ms) || 0);
      const run = () => {
        if (typeof handler === 'function') handler(...args);
      };
      const timer: Timer = { due: now() + delay, every: every ? delay : null, run, handle: 0 };
      timers.set(id, timer);
      arm(id, timer);
      return id;
    }) as typeof window.setTimeout;
  const stop = (id?: number) => {
    const timer = id === undefined ? undefined : timers.get(id);
    if (timer) {
      real.clearTimeout(timer.handle);
      if (id !== undefined) timers.delete(id);
    } else real.clearTimeout(id);
  };
  window.setTimeout = start(false);
  window.setInterval = start(true);
  window.clearTimeout = stop as typeof window.clearTimeout;
  window.clearInterval = stop as typeof window.clearInterval;
  class WarpedDate extends real.Date {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(now());
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return now();
    }
  }
  window.Date = WarpedDate as DateConstructor;
  page.__timeWarp = {
    // After the calling script has returned: a driver's own script timeout (WebKit's runs on the
    // page's timers) is cleared by then, not fired by the jump.
    advance(ms: number) {
      real.setTimeout(() => {
        offset += ms;
        const due = [...timers.entries()].sort(([, a], [, b]) => a.due - b.due);
        for (const [id, timer] of due) {
          real.clearTimeout(timer.handle);
          arm(id, timer);
        }
      }, 0);
    },
  };
  return true;
}

/** Runs in the page: moves its time `ms` on. */
export function advanceTime(ms: number): boolean {
  const warp = (window as WarpedWindow).__timeWarp;
  if (!warp) return false;
  warp.advance(ms);
  return true;
}
