/** The two timer functions the lifecycle needs, injectable so tests (and Playwright's clock) drive them. */
export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const browserTimers: Timers = {
  // Late-bound so a clock installed after this module loaded (fake timers) is honoured.
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One restartable timeout: `start` replaces any pending one, `stop` cancels it. */
export function oneShot(timers: Timers) {
  let handle: unknown = null;
  const stop = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return {
    start(ms: number, callback: () => void) {
      stop();
      handle = timers.setTimeout(() => {
        handle = null;
        callback();
      }, ms);
    },
    stop,
  };
}
