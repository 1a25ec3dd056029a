import type { ApiError, ApiResult } from '../api/result';
import type { Saying } from '../i18n/saying';
import { useSaying } from './useSaying';
import { useReportBusy } from './useBusyIndicator';
import { useApplyNextAction } from '../flow/useApplyNextAction';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface RunOptions {
  /**
   * The banner text for a failed call; the error's own message when absent. null shows nothing:
   * the screen has dealt with the failure itself (another screen, a field message).
   */
  onError?: (error: ApiError) => string | null;
  /** false: a null reply is a failure like any other, shown instead of routed (the IdP form). */
  routeNull?: boolean;
}

/** One server call: it gets the signal that cancels it, and resolves to the API client's result. */
export type Call<T> = (signal: AbortSignal) => Promise<ApiResult<T>>;

export interface ServerCall {
  /** From the start of a call until its reply has been dealt with (or it failed). */
  busy: boolean;
  /** The banner text of the last failure, or what the screen set. */
  error: string | null;
  setError: (message: string | null) => void;
  /**
   * Makes a call, cancelling the one this screen had still running, and hands its reply to
   * `onReply`. A null reply is routed like every screen routes it ('Server error, response is
   * null'), a failure becomes `error`, and a cancelled call (the screen was left, or a newer call
   * replaced it) does nothing at all.
   */
  run: <T>(call: Call<T>, onReply: (data: T) => unknown, options?: RunOptions) => Promise<void>;
}

/**
 * "Call the server from a screen": busy and error state, the null-reply rule, and cancellation
 * of what the screen started when it is left, in one place instead of a copy per screen.
 */
export function useServerCall(initialError: string | null = null): ServerCall {
  return useLocalisedServerCall(initialError);
}

/** What useLocalisedServerCall's options may say: the catalogue's words as a function (Saying). */
export interface LocalisedRunOptions extends Omit<RunOptions, 'onError'> {
  /**
   * The banner's saying for a failed call (`() => messages.errors.x`: read when shown); the
   * error's own message when absent; null shows nothing (the screen has dealt with it).
   */
  onError?: (error: ApiError) => Saying | null;
}

export interface LocalisedServerCall extends Omit<ServerCall, 'setError' | 'run'> {
  /** What the banner says: the catalogue's words as a function (read when shown), or the server's text. */
  setError: (message: Saying | null) => void;
  run: <T>(call: Call<T>, onReply: (data: T) => unknown, options?: LocalisedRunOptions) => Promise<void>;
}

/**
 * useServerCall whose banner follows the page's language: it keeps what to say (a Saying), not
 * the words, and `error` is read at each render, so after a language switch a failure already
 * shown is said again in the new words (issue 26). The server's own free text stays as sent.
 */
export function useLocalisedServerCall(initialError: Saying | null = null): LocalisedServerCall {
  const routeReply = useApplyNextAction();
  const [busy, setBusy] = useState(false);
  // What to say, not the words said: formatted at each render, in the locale of that render.
  const [error, setError] = useSaying(initialError);
  const current = useRef<AbortController | null>(null);
  // A part of a screen with its own call (a 'More Options' button): the screen frame it is in
  // shows the wait (useBusyFrame).
  useReportBusy(busy);

  // Leaving the screen cancels its call. The cancel waits for a microtask, and a mount in the
  // meantime calls it off: StrictMode's rehearsal (unmount and mount again in one task) must not
  // cancel the call the screen made on mount, which useRunOnMount does not make twice.
  const leaving = useRef<{ cancelled: boolean } | null>(null);
  useEffect(() => {
    if (leaving.current) leaving.current.cancelled = true;
    return () => {
      const pending = { cancelled: false };
      leaving.current = pending;
      queueMicrotask(() => {
        if (!pending.cancelled) current.current?.abort();
      });
    };
  }, []);

  const run = useCallback(
    async <T>(call: Call<T>, onReply: (data: T) => unknown, options: LocalisedRunOptions = {}) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      // Only the latest call may change busy: an older one finishing must not end the newer's.
      const isLatest = () => current.current === controller;
      setBusy(true);
      setError(null);
      const result = await call(controller.signal);
      if (controller.signal.aborted || (!result.ok && result.error.kind === 'aborted')) return;
      try {
        if (result.ok) await onReply(result.data);
        else if (result.error.kind === 'null' && options.routeNull !== false) await routeReply(null);
        else {
          const failure = result.error;
          const text = options.onError ? options.onError(failure) : () => failure.message;
          if (text !== null) setError(text);
        }
      } finally {
        if (isLatest()) setBusy(false);
      }
    },
    [routeReply, setError],
  );

  return { busy, error, setError, run };
}

/**
 * Runs `start` once, the first time `when` is true while the screen is shown (a screen's opening
 * call), and never again for this screen: not when its inputs change, not on StrictMode's
 * rehearsal mount (whose unmount useServerCall does not take for leaving). The server gets one
 * request, in development as in production.
 */
export function useRunOnMount(start: () => unknown, when = true): void {
  const latest = useRef(start);
  const done = useRef(false);
  useEffect(() => {
    latest.current = start;
  });
  useEffect(() => {
    if (!when || done.current) return;
    done.current = true;
    void latest.current();
  }, [when]);
}
