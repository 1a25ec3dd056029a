import { factorApi as api } from '../api/client';
import type { AuthReply } from '@portal/shared/transport';
import { PUSH_POLL_INTERVAL_MS } from '@portal/shared/config';
import { PUSH_POLL_ERROR, PUSH_POLL_UNREADABLE, type PushPollOutcome, pushPollOutcome } from './pushStatus';
import { useCallback, useEffect, useRef } from 'react';

export interface PushPollingHandlers {
  /** AUTHENTICATED: the reply carries the next step. */
  onAuthenticated: (reply: AuthReply) => void;
  /** A terminal failure, or a reply that could not be read (PUSH_POLL_UNREADABLE): polling has stopped. */
  onFailed: (outcome: Extract<PushPollOutcome, { kind: 'failed' }>) => void;
}

/**
 * Polls PushStatus every PUSH_POLL_INTERVAL_MS until the first terminal result. One poll at a
 * time (the next is scheduled after the previous answered); leaving the screen stops it, and a
 * start asked for after the screen has gone (a generate call that answered late) is ignored.
 */
export function usePushPolling(handlers: PushPollingHandlers) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);
  const mounted = useRef(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  const stop = useCallback(() => {
    generation.current += 1;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (credId: string) => {
      stop();
      if (!mounted.current) return;
      const mine = generation.current;
      const schedule = () => {
        timer.current = setTimeout(() => void poll(), PUSH_POLL_INTERVAL_MS);
      };
      const poll = async () => {
        timer.current = null;
        const result = await api.pushStatus(credId);
        if (mine !== generation.current) return;
        // Strict (issue 30): a reply that does not parse, or is over a size limit, is not
        // "still pending": the wait ends with a message and Resend.
        if (!result.ok && result.error.kind === 'malformed') {
          latest.current.onFailed(PUSH_POLL_UNREADABLE);
          return;
        }
        const outcome = result.ok ? pushPollOutcome(result.data) : PUSH_POLL_ERROR;
        if (outcome.kind === 'pending') schedule();
        else if (outcome.kind === 'authenticated' && result.ok) latest.current.onAuthenticated(result.data);
        else if (outcome.kind === 'failed') latest.current.onFailed(outcome);
      };
      schedule();
    },
    [stop],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stop();
    };
  }, [stop]);
  return { start, stop };
}
