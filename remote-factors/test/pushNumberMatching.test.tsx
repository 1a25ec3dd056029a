import type { AuthReply } from '@portal/shared/transport';
import { PUSH_POLL_INTERVAL_MS } from '@portal/shared/config';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../src/paths';
import { PushScreen } from '../src/push/PushScreen';
import { factorSession, renderAt, stubServer } from './harness';

// Issue 27: number matching and the sign-in's context on the push page, from PushGenerator's reply.

const opening: AuthReply = {
  nextaction: 'PUSH_SELECTION',
  flowState: 'flow-1',
  userName: 'pete.push',
  currentFactors: ['PUSH'],
  credentials: [{ credId: 'VSMT10000001', credType: 'totp_push', credValue: 'iPhone', default: true }],
};
const pending = { nextaction: 'PUSH_AUTH', flowState: 'flow-1', data: { status: 'PENDING' } };

async function sent(data: Record<string, unknown>) {
  stubServer({
    'factor/v1/PushGenerator': [{ body: { nextaction: 'PUSH_AUTH', flowState: 'flow-1', data } }],
    'factor/v1/PushStatus': [{ body: pending }],
  });
  factorSession(opening);
  renderAt(<PushScreen />, paths.push);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('push number matching', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the number large, says to pick or type it in the app, and shows the context', async () => {
    await sent({
      message: 'sent',
      numberChallenge: '47',
      signInContext: { location: 'Zurich, Switzerland', application: 'Online Banking' },
    });
    expect(screen.getByText('Accept push request on your iPhone to login.')).toBeTruthy();
    expect(screen.getByTestId('push-number').textContent).toBe('47');
    const group = screen.getByRole('region', { name: 'Your number' });
    expect(group.textContent).toContain(
      'Pick or type 47 in the app to approve. Never approve a request you did not start.',
    );
    const context = screen.getByRole('region', { name: 'Sign-in request' });
    expect(context.textContent).toBe('Sign-in requestApplicationOnline BankingLocationZurich, Switzerland');
  });

  it('without a number or context: the spec page, nothing added', async () => {
    await sent({ message: 'sent' });
    expect(screen.getByText('Accept push request on your iPhone to login.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your number' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sign-in request' })).toBeNull();
  });

  it('a context that cannot be read is left out; the number still shows', async () => {
    await sent({ numberChallenge: '5', signInContext: { location: 'x'.repeat(500) } });
    expect(screen.getByTestId('push-number').textContent).toBe('5');
    expect(screen.queryByRole('region', { name: 'Sign-in request' })).toBeNull();
  });

  it('a number that is not one to three digits: the push cannot be approved, so the reply is refused', async () => {
    await sent({ numberChallenge: '<b>12</b>' });
    expect(screen.queryByTestId('push-number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PUSH_POLL_INTERVAL_MS * 2);
    });
    expect(screen.queryByText('Accept push request on your iPhone to login.')).toBeNull();
  });
});
