import { describe, expect, it } from 'vitest';
import type { AuthReply } from '@portal/shared/transport';
import { pushPollOutcome } from '../src/push/pushStatus';

const reply = (fields: Partial<AuthReply>) => fields as AuthReply;

describe('pushPollOutcome', () => {
  it.each([
    [reply({ data: { status: 'AUTHENTICATED' } }), { kind: 'authenticated' }],
    [reply({ status: 'AUTHENTICATED' }), { kind: 'authenticated' }],
    [
      reply({ data: { status: 'REJECTED' } }),
      { kind: 'failed', message: 'Transaction denied', offerResend: false },
    ],
    [
      reply({ data: { status: 'TIMED_OUT' } }),
      { kind: 'failed', message: 'Transaction timed out', offerResend: true },
    ],
    [reply({ errorCode: '123' }), { kind: 'failed', message: 'Transaction failed', offerResend: false }],
    [reply({ data: { status: 'PENDING' } }), { kind: 'pending' }],
    [reply({ nextaction: 'PUSH_AUTH' }), { kind: 'pending' }],
    [reply({ nextaction: 'PUSH_REGISTRATION_STATUS' }), { kind: 'pending' }],
    // Strict: no known status and no waiting step is no answer, never 'pending'.
    [
      reply({ data: { status: 'toString' } }),
      { kind: 'failed', message: 'Transaction failed unexpectedly', offerResend: true },
    ],
    [
      reply({ nextaction: 'PUSH_AUTH', data: { status: 'SOMETHING_ELSE' } }),
      { kind: 'failed', message: 'Transaction failed unexpectedly', offerResend: true },
    ],
    [reply({}), { kind: 'failed', message: 'Transaction failed unexpectedly', offerResend: true }],
  ])('%j', (input, outcome) => {
    expect(pushPollOutcome(input)).toEqual(outcome);
  });
});
