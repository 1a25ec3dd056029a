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

/**
 * Next actions of a reply that still waits for the phone (sign-in and enrolment push): with one
 * of them and no status, the push is pending.
 */
const WAITING_ACTIONS: ReadonlySet<string> = new Set(['PUSH_AUTH', 'PUSH_REGISTRATION_STATUS']);

/**
 * What one PushStatus reply means; an error code ends polling with 'Transaction failed'. Strict:
 * only 'PENDING' (or no status on a reply that still waits) is pending; a status nobody knows, or a
 * reply that names neither a status nor a waiting step, is no answer and ends the wait
 * (PUSH_POLL_UNREADABLE) instead of being polled for ever.
 */
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
  if (status === 'PENDING') return { kind: 'pending' };
  if (!status && reply.nextaction && WAITING_ACTIONS.has(reply.nextaction)) return { kind: 'pending' };
  return PUSH_POLL_UNREADABLE;
}

/**
 * A PushStatus reply that could not be read (not its schema, over a size limit, or no known
 * status): the wait ends with 'Transaction failed unexpectedly', and Resend sends a new push (the
 * sign-in itself has not failed, so it is not ended).
 */
export const PUSH_POLL_UNREADABLE: Extract<PushPollOutcome, { kind: 'failed' }> = {
  kind: 'failed',
  get message() {
    return messages.push.failedUnexpectedly;
  },
  offerResend: true,
};

/** A poll call that failed (network, HTTP, unreadable reply). */
export const PUSH_POLL_ERROR: PushPollOutcome = {
  kind: 'failed',
  get message() {
    return messages.push.failedUnexpectedly;
  },
  offerResend: false,
};
