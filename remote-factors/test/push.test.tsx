import type { AuthReply } from '@portal/shared/transport';
import { PUSH_POLL_INTERVAL_MS } from '@portal/shared/config';
import { paths } from '../src/paths';
import {
  authStatusAtom,
  errorMessageAtom,
  userTokenAtom,
  AuthStatus,
  portalStore,
} from '@portal/shared/session';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
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
    // A rejected push ends the sign-in: restart needed (the shell then opens the notice, which
    // shows the same message); a timed-out one stays a factor step that may be resent.
    if (resend) expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.Factor);
    else {
      expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
      expect(portalStore.get(errorMessageAtom)).toBe(message);
    }
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

  describe('leaving the screen while the push is being sent', () => {
    /** Holds every PushGenerator answer until release() is called. */
    function holdGenerate() {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const answer = globalThis.fetch;
      vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('factor/v1/PushGenerator')) await gate;
        return answer(input, init);
      });
      return () => release();
    }

    /** The push screen with a way to leave it while the router (and its location) stays. */
    function Leavable() {
      const [shown, setShown] = useState(true);
      return (
        <>
          {shown ? <PushScreen /> : null}
          <button type="button" onClick={() => setShown(false)}>
            Leave
          </button>
        </>
      );
    }

    it.each([
      ['PUSH_AUTH', pushAuth],
      ['a next step', approved],
    ])(
      'a generate reply (%s) that answers after the screen is gone starts no poll and routes nowhere',
      async (_, reply) => {
        const calls = stubServer({
          'factor/v1/PushGenerator': [{ body: reply }],
          'factor/v1/PushStatus': [{ body: approved }],
        });
        const release = holdGenerate();
        factorSession(opening);
        portalStore.set(userTokenAtom, null);
        renderAt(<Leavable />, paths.push);
        expect(screen.getByText('Sending push notification . . .')).toBeTruthy();
        fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
        release();
        await advance(PUSH_POLL_INTERVAL_MS * 5);
        expect(calls.filter((c) => c.path === 'factor/v1/PushGenerator')).toHaveLength(1);
        expect(statusCalls(calls)).toBe(0);
        expect(location()).toBe(paths.push);
        expect(portalStore.get(userTokenAtom)).toBeNull();
      },
    );

    it("'More Options' is disabled while the push is being sent", async () => {
      stubServer({
        'factor/v1/PushGenerator': [{ body: pushAuth }],
        'factor/v1/PushStatus': [{ body: pending }],
      });
      const release = holdGenerate();
      factorSession({ ...opening, currentFactors: ['PUSH', 'SMSOTP'] });
      renderAt(<PushScreen />, paths.push);
      const moreOptions = () => screen.getByRole('button', { name: 'More Options' }) as HTMLButtonElement;
      expect(moreOptions().disabled).toBe(true);
      release();
      await advance(0);
      expect(screen.getByText('Accept push request on your iPhone to login.')).toBeTruthy();
      expect(moreOptions().disabled).toBe(false);
    });
  });

  describe('status replies that cannot be read (strict polling, issue 30)', () => {
    const notice = () => screen.queryByText('Transaction failed unexpectedly');
    const resend = () => screen.queryByRole('button', { name: 'Resend' });

    it.each([
      ['a status of the wrong type', { nextaction: 'PUSH_AUTH', status: 42 }],
      ['a list', [pending]],
      ['no status and no waiting step', {}],
      [
        'a message over its size limit',
        { ...pending, data: { status: 'PENDING', message: 'x'.repeat(4096) } },
      ],
    ])('%s ends the wait at once with the message and Resend', async (_name, body) => {
      const calls = stubServer({
        'factor/v1/PushGenerator': [{ body: pushAuth }, { body: pushAuth }],
        'factor/v1/PushStatus': [{ body }, { body: approved }],
      });
      factorSession(opening);
      renderAt(<PushScreen />, paths.push);
      await advance(PUSH_POLL_INTERVAL_MS);
      expect(statusCalls(calls)).toBe(1);
      expect(notice()).toBeTruthy();
      expect(resend()).toBeTruthy();
      // No more polling behind the message.
      await advance(PUSH_POLL_INTERVAL_MS * 3);
      expect(statusCalls(calls)).toBe(1);
      // Resend is the way on: a new push, polled again.
      resend()?.click();
      await advance(PUSH_POLL_INTERVAL_MS);
      expect(statusCalls(calls)).toBe(2);
      expect(location()).toBe(paths.welcome);
    });
  });
});
