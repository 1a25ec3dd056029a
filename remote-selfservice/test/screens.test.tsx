import type { Credential } from '../src/api/schemas';
import { fakeServer, type RecordedRequest } from '@portal/shared/test-support/fakeServer';
import { landed, renderScreen } from '@portal/shared/test-support/render';
import { startRegistration } from '@simplewebauthn/browser';
import { userTokenAtom, portalStore } from '@portal/shared/session';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ManageCredentials } from '../src/credentials/ManageCredentials';
import { RegisterForm } from '../src/register/RegisterForm';
import { RegisterFido } from '../src/registerFido/RegisterFido';
import { RegisterTotpPush } from '../src/registerTotpPush/RegisterTotpPush';
import { Welcome } from '../src/welcome/Welcome';
import { expectUserCall, SERVICE, serviceError, signedIn } from './session';

// The browser's WebAuthn prompt; the server side is the fake server's.
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startRegistration: vi.fn(),
}));

describe('Welcome', () => {
  it("says 'Hello, {name}' with the userinfo name", async () => {
    signedIn();
    const server = fakeServer({ base: SERVICE }).on('POST', 'oauth2/v1/userinfo', {
      text: JSON.stringify({ name: 'Pat Password' }),
    });
    renderScreen(<Welcome />, { path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Hello, Pat Password' })).toBeTruthy();
    const [request] = server.requests;
    expect(request?.body).toEqual({ access_token: 'user-token' });
    expect(request?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(screen.getByRole('link', { name: 'Manage Credentials' }).getAttribute('href')).toBe(
      '/self-service',
    );
  });

  it('a token refresh does not ask userinfo again (its reply would count as user activity)', async () => {
    signedIn();
    const server = fakeServer({ base: SERVICE }).on('POST', 'oauth2/v1/userinfo', {
      text: JSON.stringify({ name: 'Pat Password' }),
    });
    renderScreen(<Welcome />, { path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Hello, Pat Password' })).toBeTruthy();
    const asked = server.requests.length;
    act(() => portalStore.set(userTokenAtom, 'refreshed-user-token'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(asked);
    expect(screen.getByRole('heading', { name: 'Hello, Pat Password' })).toBeTruthy();
  });

  it('falls back to the known user name when userinfo fails, and says so', async () => {
    signedIn('pat.password');
    fakeServer({ base: SERVICE }).on('POST', 'oauth2/v1/userinfo', serviceError('invalid access token', 401));
    renderScreen(<Welcome />, { path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Hello, pat.password' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('invalid access token');
  });
});

const fixture: Credential[] = [
  {
    credId: 'e1',
    credType: 'email',
    credValue: 'pat@example.com',
    status: 'ACTIVE',
    default: true,
    createdDatetime: '2024-01-15T00:00:00Z',
  },
  {
    credId: 's1',
    credType: 'sms',
    credValue: '+15550001',
    status: 'INACTIVE',
    default: false,
    createdDatetime: 'not a date',
  },
];

/** The service's MeCreds resource over a list it keeps: GET, PUT and DELETE per credential. */
function credentialServer(initial: Credential[]) {
  let list = [...initial];
  const idOf = (request: RecordedRequest) => decodeURIComponent(request.path.split('/').pop() ?? '');
  const server = fakeServer({ base: SERVICE })
    .on('GET', 'factor/v1/MeCreds', () => ({ json: list }))
    .on('PUT', /factor\/v1\/MeCreds\/[^/]+$/, (request) => {
      const change = request.body as Partial<Credential>;
      list = list.map((c) => (c.credId === idOf(request) ? { ...c, ...change } : c));
      return { json: {} };
    })
    .on('DELETE', /factor\/v1\/MeCreds\/[^/]+$/, (request) => {
      list = list.filter((c) => c.credId !== idOf(request));
      return { json: {} };
    });
  return server;
}

describe('Manage Credentials', () => {
  it('lists by rank with names, status, default and the Added date, read once with the user token', async () => {
    signedIn();
    const server = credentialServer(fixture);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['SMS', 'Email']);
    expect(items[0]?.textContent).toContain('Inactive');
    expect(items[0]?.textContent).toContain('Added not a date');
    expect(items[1]?.textContent).toContain('Active · Default');
    expect(items[1]?.textContent).toContain('Added January 15, 2024');
    // One GET, also under StrictMode.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET factor/v1/MeCreds']);
    expectUserCall(server.requests[0]);
  });

  it('activates and deactivates with PUT status, keeping default', async () => {
    signedIn();
    const server = credentialServer(fixture);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    const sms = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    fireEvent.click(within(sms).getByRole('button', { name: /^Activate SMS/ }));
    expect(
      await within((await screen.findAllByRole('listitem'))[0] as HTMLElement).findByRole('button', {
        name: /^Deactivate SMS/,
      }),
    ).toBeTruthy();
    const [put] = server.requestsTo('PUT', 'factor/v1/MeCreds/s1');
    expect(put?.body).toEqual({ default: false, status: 'ACTIVE' });
    expectUserCall(put);
  });

  it('delete one asks first: Cancel keeps it, Yes deletes it', async () => {
    signedIn();
    const server = credentialServer(fixture);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    const email = (await screen.findAllByRole('listitem'))[1] as HTMLElement;
    fireEvent.click(within(email).getByRole('button', { name: /^Delete Email/ }));
    expect(screen.getByText('Do you want to delete the credential of type Email?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo('DELETE', /MeCreds/)).toEqual([]);
    fireEvent.click(within(email).getByRole('button', { name: /^Delete Email/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const deletes = server.requestsTo('DELETE', /MeCreds/);
    expect(deletes.map((r) => r.path)).toEqual(['factor/v1/MeCreds/e1']);
    expectUserCall(deletes[0]);
  });

  it("each credential's buttons are named with it, the visible text first (WCAG 2.5.3)", async () => {
    signedIn();
    credentialServer(fixture);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    const [sms, email] = (await screen.findAllByRole('listitem')) as HTMLElement[];
    for (const [item, type] of [
      [sms, 'SMS'],
      [email, 'Email'],
    ] as const) {
      for (const button of within(item as HTMLElement).getAllByRole('button')) {
        const name = button.getAttribute('aria-label') ?? '';
        expect(name.startsWith(`${button.textContent} ${type}`)).toBe(true);
      }
    }
  });

  it('delete all asks, then deletes every credential', async () => {
    signedIn();
    const server = credentialServer(fixture);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all credentials' }));
    expect(screen.getByText('All your credentials will be deleted. Are you sure?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have no registered credentials.')).toBeTruthy();
    expect(
      server
        .requestsTo('DELETE', /MeCreds/)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['factor/v1/MeCreds/e1', 'factor/v1/MeCreds/s1']);
  });

  it('clear defaults issues the per-credential call; a failure shows the service message', async () => {
    signedIn();
    const server = credentialServer(fixture).on(
      'PUT',
      /factor\/v1\/MeCreds\/[^/]+$/,
      serviceError('Credential not found', 404),
    );
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear default credentials' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Credential not found');
    const puts = server.requestsTo('PUT', /MeCreds/);
    expect(puts.map((r) => [r.path, r.body])).toEqual([
      ['factor/v1/MeCreds/e1', { default: false, status: 'ACTIVE' }],
      ['factor/v1/MeCreds/s1', { default: false, status: 'INACTIVE' }],
    ]);
  });

  it('shows the new-credential notice from the router state', async () => {
    signedIn();
    credentialServer([]);
    renderScreen(<ManageCredentials />, { path: '/self-service', state: { newCredAdded: true } });
    // The status region is in the page first and says the notice a moment later (announced).
    expect(await screen.findByText('A new credential was added.')).toBeTruthy();
    // (The screen's other status region is its busy indicator's, empty while nothing waits.)
    const notice = screen.getAllByRole('status').find((region) => region.textContent !== '');
    expect(notice?.textContent).toBe('A new credential was added.');
  });
});

describe('Register form', () => {
  const registrar = 'factor/v1/MobileOTPRegistrar';

  it('step 1 → step 2 → /register/totp; sms and e-mail are shown disabled with the legal notice', async () => {
    signedIn();
    const server = fakeServer({ base: SERVICE }).on('POST', registrar, {
      json: { credId: 't1', sharedSecret: 'S', tenantName: 'default' },
    });
    renderScreen(<RegisterForm />, { path: '/register' });
    expect((screen.getByLabelText('SMS') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText('Message and data rates may apply. Message frequency varies.')).toHaveLength(
      2,
    );
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Code from Mobile Authenticator'));
    fireEvent.click(next);
    const value = screen.getByLabelText('Authenticator name');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(value, { target: { value: 'x' } });
    fireEvent.change(value, { target: { value: '' } });
    expect(screen.getByText('A value is required.')).toBeTruthy();
    fireEvent.change(value, { target: { value: 'My phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(landed().textContent).toBe('/register/totp'));
    const [request] = server.requestsTo('POST', registrar);
    expect(request?.body).toMatchObject({ credType: 'totp', credValue: 'My phone' });
    expectUserCall(request);
  });

  it('vendor push needs a credential ID; Back goes step 2 → 1 → self-service', async () => {
    signedIn();
    renderScreen(<RegisterForm />, { path: '/register' });
    fireEvent.click(screen.getByLabelText('VIP Access'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByLabelText('Credential name'), { target: { value: 'phone' } });
    const id = screen.getByLabelText('Credential ID');
    fireEvent.blur(id);
    expect(screen.getByText('A credential ID is required.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Choose a credential type')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(landed().textContent).toBe('/self-service');
  });

  it('on error the banner says so and Back returns to self-service', async () => {
    signedIn();
    fakeServer({ base: SERVICE }).on('POST', registrar, serviceError('Mobile OTP already registered'));
    renderScreen(<RegisterForm />, { path: '/register' });
    fireEvent.click(screen.getByLabelText('Code from Mobile Authenticator'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByLabelText('Authenticator name'), { target: { value: 'p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Mobile OTP already registered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(landed().textContent).toBe('/self-service');
  });
});

const creation = {
  challenge: 'abc',
  rp: { name: 'Hub' },
  user: { id: 'dXNlcg', name: 'pat', displayName: 'Pat' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

describe('FIDO registration', () => {
  const verifier = 'factor/v1/FIDORegChallengeVerifier';
  beforeEach(() => vi.mocked(startRegistration).mockReset());

  it('starts the prompt on load, verifies, and opens self-service with newCredAdded', async () => {
    signedIn();
    vi.mocked(startRegistration).mockResolvedValue({ id: 'cred' } as never);
    const server = fakeServer({ base: SERVICE }).on('POST', verifier, {
      json: { data: { status: 'SUCCESS' } },
    });
    renderScreen(<RegisterFido />, {
      path: '/register/passkey',
      state: { fidoCredType: 'passkey', options: creation },
    });
    expect(screen.getByRole('heading', { name: 'FIDO Device Registration' })).toBeTruthy();
    await waitFor(() => expect(landed().textContent).toBe('/self-service'));
    expect(landed().dataset.state).toBe('{"newCredAdded":true}');
    // One prompt and one verification, also under StrictMode; a client's passkey hints at this
    // device (issue 27, WebAuthn hints).
    expect(vi.mocked(startRegistration).mock.calls).toEqual([
      [{ optionsJSON: { ...creation, hints: ['client-device'] } }],
    ]);
    const requests = server.requestsTo('POST', verifier);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({ id: 'cred', fidoCredType: 'PASSKEY' });
    expectUserCall(requests[0]);
  });

  it('an excluded authenticator: "This authenticator is already registered", with Retry', async () => {
    signedIn();
    const excluded = Object.assign(new Error('excluded'), { name: 'InvalidStateError' });
    vi.mocked(startRegistration).mockImplementationOnce(async () => {
      throw excluded;
    });
    const server = fakeServer({ base: SERVICE });
    renderScreen(<RegisterFido />, {
      path: '/register/fido',
      state: { fidoCredType: 'fido', options: creation },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This authenticator is already registered',
    );
    expect(await screen.findByText('Validate your biometric')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('without the data of the previous step it says so and offers the way back', () => {
    signedIn();
    renderScreen(<RegisterFido />, { path: '/register/fido' });
    expect(screen.getByRole('alert').textContent).toContain('The registration data is missing.');
    expect(screen.getByRole('link', { name: 'Back to Manage Credentials' })).toBeTruthy();
    expect(startRegistration).not.toHaveBeenCalled();
  });
});

describe('Vendor push registration', () => {
  it('registers on load; a failure shows the spec text', async () => {
    signedIn();
    const server = fakeServer({ base: SERVICE }).on(
      'POST',
      'factor/v1/VIPCredentialRegistrar',
      serviceError('nope'),
    );
    renderScreen(<RegisterTotpPush />, {
      path: '/register/totp_push',
      state: { vipCredentialID: 'VSMT1', credValue: 'phone' },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to complete registration at this time. ',
    );
    // One request, also under StrictMode.
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual({
      vipCredentialID: 'VSMT1',
      credType: 'totp_push',
      credValue: 'phone',
      language: 'en_US',
    });
    expectUserCall(server.requests[0]);
  });
});
