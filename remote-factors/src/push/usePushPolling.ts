import { api } from '@portal/shared/api/client';
import type { AuthReply } from '@portal/shared/api/schemas';
import { PUSH_POLL_INTERVAL_MS } from '@portal/shared/constants';
import { PUSH_POLL_ERROR, type PushPollOutcome, pushPollOutcome } from '@portal/shared/flow/pushStatus';
import { useCallback, useEffect, useRef } from 'react';

export interface PushPollingHandlers {
  /** AUTHENTICATED: the reply carries the next step. */
  onAuthenticated: (reply: AuthReply) => void;
  onFailed: (outcome: Extract<PushPollOutcome, { kind: 'failed' }>) => void;
}

/**
 * Polls PushStatus every PUSH_POLL_INTERVAL_MS until the first terminal result. One poll at a
 * time (the next is scheduled after the previous answered); leaving the screen stops it.
 */
export function usePushPolling(handlers: PushPollingHandlers) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const generation = useRef(0);
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
      const mine = generation.current;
      const schedule = () => {
        timer.current = setTimeout(() => void poll(), PUSH_POLL_INTERVAL_MS);
      };
      const poll = async () => {
        timer.current = null;
        const result = await api.pushStatus(credId);
        if (mine !== generation.current) return;
        const outcome = result.ok ? pushPollOutcome(result.data) : PUSH_POLL_ERROR;
        if (outcome.kind === 'pending') schedule();
        else if (outcome.kind === 'authenticated' && result.ok) latest.current.onAuthenticated(result.data);
        else if (outcome.kind === 'failed') latest.current.onFailed(outcome);
      };
      schedule();
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { start, stop };
}
