import { factorApi as api } from '../api/client';
import type { AuthReply } from '@portal/shared/transport';
import { PUSH_POLL_INTERVAL_MS } from '@portal/shared/config';
import { PUSH_POLL_ERROR, type PushPollOutcome, pushPollOutcome } from './pushStatus';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Unreadable PushStatus replies in a row after which the user is told: one may be a glitch, but
 * a service that keeps answering garbage would otherwise leave the user waiting without a word.
 */
export const UNREADABLE_POLLS_BEFORE_NOTICE = 3;

export interface PushPollingHandlers {
  /** AUTHENTICATED: the reply carries the next step. */
  onAuthenticated: (reply: AuthReply) => void;
  onFailed: (outcome: Extract<PushPollOutcome, { kind: 'failed' }>) => void;
  /**
   * true: UNREADABLE_POLLS_BEFORE_NOTICE replies in a row did not parse (polling goes on);
   * false: a reply parsed again.
   */
  onUnreadable: (persistent: boolean) => void;
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
      let unreadable = 0;
      const schedule = () => {
        timer.current = setTimeout(() => void poll(), PUSH_POLL_INTERVAL_MS);
      };
      const poll = async () => {
        timer.current = null;
        const result = await api.pushStatus(credId);
        if (mine !== generation.current) return;
        if (!result.ok && result.error.kind === 'malformed') {
          // Spec section 4 (Push): poll until a terminal status; a reply that cannot be read is
          // none, so keep polling and say so once it keeps happening.
          unreadable += 1;
          if (unreadable === UNREADABLE_POLLS_BEFORE_NOTICE) latest.current.onUnreadable(true);
          schedule();
          return;
        }
        if (unreadable >= UNREADABLE_POLLS_BEFORE_NOTICE) latest.current.onUnreadable(false);
        unreadable = 0;
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
