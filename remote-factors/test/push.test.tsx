import type { AuthReply } from '@portal/shared/api/schemas';
import { PUSH_POLL_INTERVAL_MS } from '@portal/shared/constants';
import { paths } from '@portal/shared/routes/paths';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushScreen } from '../src/push/PushScreen';
import { factorSession, renderAt, stubServer } from './harness';

const device = { credId: 'VSMT10000001', credType: 'totp_push', credValue: 'iPhone', default: true };
const opening: AuthReply = {
  nextaction: 'PUSH_SELECTION',
  flowState: 'flow-1',
  userName: 'pete.push',
  currentFactors: ['PUSH'],
  credentials: [device],
};
const pushAuth = { nextaction: 'PUSH_AUTH', flowState: 'flow-1', data: { message: 'sent' } };
const pending = { nextaction: 'PUSH_AUTH', flowState: 'flow-1', data: { status: 'PENDING' } };
const approved = {
  nextaction: 'AUTH_ALLOWED',
  flowState: 'flow-1',
  access_token: 'user',
  expires_in: 900,
  data: { status: 'AUTHENTICATED' },
};

const location = () => screen.getByTestId('location').textContent;
const statusCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path === 'factor/v1/PushStatus').length;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('push screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the push, asks to accept it on the device and polls every 3000 ms until approved', async () => {
    const calls = stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [{ body: pending }, { body: approved }],
    });
    factorSession(opening);
    renderAt(<PushScreen />, paths.push);
    expect(screen.getByText('Sending push notification . . .')).toBeTruthy();
    await advance(0);
    expect(screen.getByText('Accept push request on your iPhone to login.')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ credId: 'VSMT10000001', action: 'login', language: 'en_US' });
    await advance(PUSH_POLL_INTERVAL_MS - 1);
    expect(statusCalls(calls)).toBe(0);
    await advance(1);
    expect(statusCalls(calls)).toBe(1);
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(statusCalls(calls)).toBe(2);
    expect(location()).toBe(paths.welcome);
  });

  it.each([
    ['REJECTED', 'Transaction denied', false],
    ['TIMED_OUT', 'Transaction timed out', true],
  ])('%s ends polling with its message', async (status, message, resend) => {
    const calls = stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [{ body: { nextaction: 'PUSH_AUTH', data: { status } } }],
    });
    factorSession(opening);
    renderAt(<PushScreen />, paths.push);
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(screen.getByText(message)).toBeTruthy();
    await advance(PUSH_POLL_INTERVAL_MS * 3);
    expect(statusCalls(calls)).toBe(1);
    expect(Boolean(screen.queryByRole('button', { name: 'Resend' }))).toBe(resend);
  });

  it('Resend after a time-out sends a new push and polls again', async () => {
    const calls = stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [{ body: { data: { status: 'TIMED_OUT' } } }, { body: approved }],
    });
    factorSession(opening);
    renderAt(<PushScreen />, paths.push);
    await advance(PUSH_POLL_INTERVAL_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(calls.filter((c) => c.path === 'factor/v1/PushGenerator')).toHaveLength(2);
    expect(location()).toBe(paths.welcome);
  });

  it("an error code says 'Transaction failed', a failed poll 'Transaction failed unexpectedly'", async () => {
    stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [{ body: { data: { errorCode: '123' } } }],
    });
    factorSession(opening);
    const first = renderAt(<PushScreen />, paths.push);
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(screen.getByText('Transaction failed')).toBeTruthy();
    first.unmount();

    stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [
        { status: 500, body: { errorCode: '0000999', errorMessage: 'Injected fault' } },
      ],
    });
    factorSession(opening);
    renderAt(<PushScreen />, paths.push);
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(screen.getByText('Transaction failed unexpectedly')).toBeTruthy();
  });

  it('stops polling when the screen is left', async () => {
    const calls = stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [{ body: pending }],
    });
    factorSession(opening);
    const view = renderAt(<PushScreen />, paths.push);
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(statusCalls(calls)).toBe(1);
    view.unmount();
    await advance(PUSH_POLL_INTERVAL_MS * 5);
    expect(statusCalls(calls)).toBe(1);
  });

  it('lets the user choose among several devices', async () => {
    const calls = stubServer({
      'factor/v1/PushGenerator': [{ body: pushAuth }],
      'factor/v1/PushStatus': [{ body: pending }],
    });
    factorSession({
      ...opening,
      credentials: [device, { ...device, credId: 'VSMT2', credValue: 'iPad', default: false }],
    });
    renderAt(<PushScreen />, paths.push);
    fireEvent.click(screen.getByRole('radio', { name: /iPad/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await advance(0);
    expect(screen.getByText('Accept push request on your iPad to login.')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ credId: 'VSMT2' });
  });
});
