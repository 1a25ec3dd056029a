import type { AuthReply } from '@portal/shared/transport';
import { ownValue } from '@portal/shared/config';
import { messages } from '../messages';

/**
 * Push polling outcomes (spec section 4 'Push' and section 8): polling ends at the first
 * terminal result. 'pending' means poll again after PUSH_POLL_INTERVAL_MS.
 */
export type PushPollOutcome =
  | { kind: 'pending' }
  | { kind: 'authenticated' }
  | { kind: 'failed'; message: string; offerResend: boolean };

const TERMINAL_STATUSES: Readonly<Record<string, PushPollOutcome>> = {
  AUTHENTICATED: { kind: 'authenticated' },
  REJECTED: {
    kind: 'failed',
    get message() {
      return messages.push.denied;
    },
    offerResend: false,
  },
  TIMED_OUT: {
    kind: 'failed',
    get message() {
      return messages.push.timedOut;
    },
    offerResend: true,
  },
};

/** The push state of a PushStatus reply: in data.status or at the top level. */
export function pushStatusOf(reply: AuthReply): string | null {
  return reply.data?.status ?? reply.status ?? null;
}

/** What one PushStatus reply means; an error code ends polling with 'Transaction failed'. */
export function pushPollOutcome(reply: AuthReply): PushPollOutcome {
  const status = pushStatusOf(reply);
  const terminal = status ? ownValue(TERMINAL_STATUSES, status) : undefined;
  if (terminal) return terminal;
  if (reply.errorCode || reply.data?.errorCode)
    return {
      kind: 'failed',
      get message() {
        return messages.push.failed;
      },
      offerResend: false,
    };
  return { kind: 'pending' };
}

/** A poll call that failed (network, HTTP, unreadable reply). */
export const PUSH_POLL_ERROR: PushPollOutcome = {
  kind: 'failed',
  get message() {
    return messages.push.failedUnexpectedly;
  },
  offerResend: false,
};
