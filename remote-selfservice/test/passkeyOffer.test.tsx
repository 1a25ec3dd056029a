import type { Credential } from '../src/api/schemas';
import {
  lastUserActivityAtom,
  passkeyOfferMadeAtom,
  signInFidoTypeAtom,
  portalStore,
} from '@portal/shared/session';
import { obfuscate } from '@portal/shared/storage';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { landed, renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Welcome } from '../src/welcome/Welcome';
import { expectUserCall, SERVICE, signedIn } from './session';

const OFFER = 'Sign in faster next time with a passkey';
const DAY = 24 * 60 * 60 * 1000;

const sms: Credential = {
  credId: 's1',
  credType: 'sms',
  credValue: '+15550001',
  status: 'ACTIVE',
  default: true,
};
const passkey: Credential = {
  credId: 'p1',
  credType: 'passkey',
  credValue: 'Passkey',
  status: 'ACTIVE',
  default: false,
};
const creation = {
  challenge: 'abc',
  rp: { name: 'Hub' },
  user: { id: 'dXNlcg', name: 'sam.sms', displayName: 'Sam' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

/** The service: userinfo, and the user's credentials. */
function service(credentials: Credential[] = [sms]) {
  return fakeServer({ base: SERVICE })
    .on('POST', 'oauth2/v1/userinfo', { text: JSON.stringify({ name: 'Sam SMS' }) })
    .on('GET', 'factor/v1/MeCreds', { json: credentials })
    .on('POST', 'factor/v1/FIDORegChallengeGenerator', {
      json: { nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE', data: creation },
    });
}

/** The welcome page after a new sign-in of `userName` (the offer's once-per-sign-in flag cleared). */
async function welcomeAfterSignIn(userName = 'sam.sms') {
  signedIn(userName);
  portalStore.set(passkeyOfferMadeAtom, false);
  const view = renderScreen(<Welcome />, { path: '/welcome' });
  await screen.findByRole('heading', { name: 'Hello, Sam SMS' });
  return view;
}

const offer = () => screen.queryByRole('region', { name: OFFER });

beforeEach(() => {
  // WebAuthn is there (jsdom has none): what browserSupportsWebAuthn looks for.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

describe('the passkey offer on the welcome page', () => {
  it('after a sign-in without a passkey or security key: offered; Create starts a passkey registration', async () => {
    const server = service();
    await welcomeAfterSignIn();
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
    expectUserCall(server.requestsTo('GET', 'factor/v1/MeCreds')[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    await waitFor(() => expect(landed().textContent).toBe('/register/passkey'));
    expect(JSON.parse(landed().dataset.state ?? 'null')).toEqual({
      fidoCredType: 'passkey',
      options: creation,
    });
    const [asked] = server.requestsTo('POST', 'factor/v1/FIDORegChallengeGenerator');
    expect(asked?.body).toMatchObject({
      userName: 'sam.sms',
      deviceName: 'Passkey',
      fidoCredType: 'PASSKEY',
    });
    expectUserCall(asked);
  });

  it.each(['PASSKEY', 'SECURITYKEY'] as const)('not after a sign-in with a %s', async (type) => {
    const server = service();
    portalStore.set(signInFidoTypeAtom, type);
    await welcomeAfterSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();
    expect(server.requestsTo('GET', 'factor/v1/MeCreds')).toEqual([]);
  });

  it('its credentials look-up is no user activity: the idle timer is not reset by its answer', async () => {
    fakeServer({ base: SERVICE })
      .on('POST', 'oauth2/v1/userinfo', { text: JSON.stringify({ name: 'Sam SMS' }) })
      .on('GET', 'factor/v1/MeCreds', { json: [sms], delay: 50 });
    await welcomeAfterSignIn();
    // The user's last action, before the page's own look-up answers.
    const lastAction = new Date(0);
    portalStore.set(lastUserActivityAtom, lastAction);
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
    expect(portalStore.get(lastUserActivityAtom)).toBe(lastAction);
  });

  it('not to a user who already has a passkey', async () => {
    const server = service([sms, passkey]);
    await welcomeAfterSignIn();
    await waitFor(() => expect(server.requestsTo('GET', 'factor/v1/MeCreds').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();
  });

  it('not where WebAuthn is not supported', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    const server = service();
    await welcomeAfterSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();
    expect(server.requestsTo('GET', 'factor/v1/MeCreds')).toEqual([]);
  });

  it('once per sign-in: back on the welcome page in the same sign-in, no offer', async () => {
    service();
    const first = await welcomeAfterSignIn();
    await screen.findByRole('region', { name: OFFER });
    first.unmount();
    renderScreen(<Welcome />, { path: '/welcome' });
    await screen.findByRole('heading', { name: 'Hello, Sam SMS' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();
  });

  it("'Not now' hides it, keeps focus on the page, and holds 30 days for that user only", async () => {
    const now = Date.now();
    service();
    const first = await welcomeAfterSignIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Manage Credentials' }));
    // Kept per user, the user never in clear (a shared computer's next user reads no name).
    const text = localStorage.getItem('passkeyOfferDeclined') ?? '{}';
    expect(text).not.toContain('sam');
    const stored = JSON.parse(text);
    expect(stored[obfuscate('sam.sms')]).toBeGreaterThanOrEqual(now + 30 * DAY);
    expect(stored[obfuscate('sam.sms')]).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    first.unmount();

    // The next sign-in of the same user: no offer.
    const second = await welcomeAfterSignIn('Sam.SMS');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();
    second.unmount();

    // Another user: offered.
    await welcomeAfterSignIn('nora.newsms');
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
  });

  it("'Not now' from more than 30 days ago, or a stored value that does not parse, no longer holds", async () => {
    service();
    localStorage.setItem('passkeyOfferDeclined', JSON.stringify({ 'sam.sms': Date.now() - 1 }));
    const first = await welcomeAfterSignIn();
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
    first.unmount();
    localStorage.setItem('passkeyOfferDeclined', '{"sam.sms":"forever"}');
    await welcomeAfterSignIn();
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
  });

  it("an earlier version's entry under the user's name still holds, and is rewritten obfuscated", async () => {
    service();
    localStorage.setItem('passkeyOfferDeclined', JSON.stringify({ 'sam.sms': Date.now() + DAY }));
    const first = await welcomeAfterSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(offer()).toBeNull();
    first.unmount();
    await welcomeAfterSignIn('nora.newsms');
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    const text = localStorage.getItem('passkeyOfferDeclined') ?? '';
    expect(text).not.toContain('nora');
    expect(text).not.toContain('sam');
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(
      [obfuscate('nora.newsms'), obfuscate('sam.sms')].sort(),
    );
  });
});
