import { useAtomValue } from 'jotai';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '@portal/shared/transport';
import { clientTokenAtom, serviceUrlAtom, userNameAtom, portalStore } from '@portal/shared/session';
import { fakeServer, takeUnexpectedRequests } from '../test-support/fakeServer';
import { landed, renderScreen } from '../test-support/render';
import { useNavigate } from '../src/router';

const SERVICE = 'http://sso.test/default/';

describe('the test seam (test-support/)', () => {
  it('a test writes the session into the portal store…', () => {
    portalStore.set(userNameAtom, 'left.behind');
    expect(portalStore.get(userNameAtom)).toBe('left.behind');
  });

  it('…and the next test starts from a fresh one', () => {
    expect(portalStore.get(userNameAtom)).toBeNull();
  });

  it('the API client uses the same store as the screens, and the fake server records the request', async () => {
    portalStore.set(serviceUrlAtom, SERVICE);
    portalStore.set(clientTokenAtom, 'client-token');
    const server = fakeServer({ base: SERVICE }).on('POST', 'auth/v1/SelectedFactor', { json: {} });
    const result = await api.selectFactor('SMSOTP');
    expect(result).toMatchObject({ ok: true, data: {} });
    const [request] = server.requestsTo('POST', 'auth/v1/SelectedFactor');
    expect(request?.url).toBe(`${SERVICE}auth/v1/SelectedFactor`);
    expect(request?.headers.get('Authorization')).toBe('Bearer client-token');
    expect(request?.body).toEqual({ factor: 'SMSOTP' });
  });

  it('answers in order (the last repeats), with a status, and parses JSON bodies', async () => {
    const server = fakeServer().on('POST', /\/things$/, { json: { n: 1 } }, { status: 409, json: { n: 2 } });
    const send = () => fetch('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    const replies = await Promise.all([send(), send(), send()]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 409, 409]);
    expect(server.requests.map((request) => request.body)).toEqual([{ a: 1 }, { a: 1 }, { a: 1 }]);
  });

  it('a delayed reply is cancelled by its signal', async () => {
    fakeServer().on('GET', 'slow', { delay: 10_000, json: {} });
    const controller = new AbortController();
    const pending = fetch('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an unexpected request fails the fetch and is reported to the preset', async () => {
    fakeServer().on('GET', 'known', { json: {} });
    await expect(fetch('/unknown', { method: 'DELETE' })).rejects.toThrow(/no answer for DELETE/);
    expect(takeUnexpectedRequests()).toEqual(['DELETE /unknown']);
  });

  it('renders in StrictMode inside the store and a router at the path', () => {
    portalStore.set(userNameAtom, 'pat');
    function Screen() {
      const navigate = useNavigate();
      const name = useAtomValue(userNameAtom);
      return (
        <button type="button" onClick={() => navigate('/next', { state: { from: name } })}>
          {name}
        </button>
      );
    }
    renderScreen(<Screen />, { path: '/here' });
    fireEvent.click(screen.getByRole('button', { name: 'pat' }));
    expect(landed().dataset.state).toBe('{"from":"pat"}');
  });
});
