import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createSelfServiceClient } from '../src/api/client';
import { clientTokenAtom, flowStateAtom, serviceUrlAtom, userTokenAtom } from '@portal/shared/session';

// Step-up before destruction (our design, the spec has none): the MeCreds offer, MeStepUp, and
// the grant a delete carries.

const SERVICE = 'http://sso.test/default/';
const GRANT = 'g'.repeat(43);

function setup(replies: unknown[]) {
  const store = createStore();
  store.set(serviceUrlAtom, SERVICE);
  store.set(clientTokenAtom, 'client-1');
  store.set(userTokenAtom, 'user-1');
  store.set(flowStateAtom, 'sign-in-flow');
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ url: String(input), method: init.method ?? 'GET', headers, body });
    return new Response(JSON.stringify(replies.shift() ?? {}), { status: 200 });
  };
  const api = createSelfServiceClient({ store, fetch, now: () => 0, origin: () => 'http://localhost:8080' });
  return { api, calls };
}

const cred = { credId: 'e1', credType: 'email', status: 'ACTIVE' as const };

describe('listCredentialsWithStepUp', () => {
  it('reads the offer beside the list; none, or an unreadable one, is null', async () => {
    const { api } = setup([
      { credentials: [cred], stepUp: { factor: 'password' } },
      { credentials: [cred] },
      [cred],
      { credentials: [cred], stepUp: 'yes' },
    ]);
    expect(await api.listCredentialsWithStepUp()).toMatchObject({
      ok: true,
      data: { credentials: [cred], stepUp: { factor: 'password' } },
    });
    for (let i = 0; i < 3; i++) {
      expect(await api.listCredentialsWithStepUp()).toMatchObject({
        ok: true,
        data: { credentials: [cred], stepUp: null },
      });
    }
  });
});

describe('stepUp', () => {
  it('POSTs MeStepUp with the password and the credentials, user token, no flow state', async () => {
    const { api, calls } = setup([{ stepUpGrant: GRANT, expiresIn: 300 }, { stepUpGrant: 'short' }]);
    expect(await api.stepUp('Passw0rd!', ['e1', 's1'])).toMatchObject({
      ok: true,
      data: { stepUpGrant: GRANT },
    });
    const [call] = calls;
    expect(call?.url).toBe(`${SERVICE}factor/v1/MeStepUp`);
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ password: 'Passw0rd!', credIds: ['e1', 's1'] });
    expect(call?.headers.get('Authorization')).toBe('Bearer user-1');
    expect(call?.headers.has('X-Flow-State')).toBe(false);
    expect(await api.stepUp('Passw0rd!', ['e1'])).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });
});

describe('deleting with a grant', () => {
  it('one delete, or every delete of delete all, carries X-Step-Up-Grant; without a grant none does', async () => {
    const { api, calls } = setup([{}, {}, {}, {}]);
    await api.deleteCredential('e1', { stepUpGrant: GRANT });
    await api.deleteAllCredentials([cred, { ...cred, credId: 's1' }], { stepUpGrant: GRANT });
    await api.deleteCredential('e1');
    expect(calls.map((call) => [call.method, call.headers.get('X-Step-Up-Grant')])).toEqual([
      ['DELETE', GRANT],
      ['DELETE', GRANT],
      ['DELETE', GRANT],
      ['DELETE', null],
    ]);
  });
});
