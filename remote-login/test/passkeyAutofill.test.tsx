import './routing';
import {
  authStatusAtom,
  riskTypeAtom,
  serviceUrlAtom,
  signInFidoTypeAtom,
  AuthStatus,
  portalStore,
} from '@portal/shared/session';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserIdPage } from '../src/userId/UserIdPage';

/** The browser's side: a conditional request that waits until the test picks a passkey or it is aborted. */
const browser = vi.hoisted(() => {
  const state = {
    pending: [] as { options: unknown; pick: (assertion: unknown) => void; abort: () => void }[],
    cancelled: 0,
  };
  return {
    state,
    browserSupportsWebAuthnAutofill: vi.fn(async () => true),
    startAuthentication: vi.fn(
      (options: unknown) =>
        new Promise((resolve, reject) => {
          state.pending.push({
            options,
            pick: resolve,
            abort: () => reject(Object.assign(new Error('aborted'), { code: 'ERROR_CEREMONY_ABORTED' })),
          });
        }),
    ),
    cancelCeremony: vi.fn(() => {
      state.cancelled += 1;
      for (const request of state.pending.splice(0)) request.abort();
    }),
  };
});
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthnAutofill: browser.browserSupportsWebAuthnAutofill,
  startAuthentication: browser.startAuthentication,
  WebAuthnAbortService: { cancelCeremony: browser.cancelCeremony },
}));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <Provider store={portalStore}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/direct" element={<UserIdPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const challenge = {
  nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE',
  flowState: 'fs-passkey',
  userName: '',
  data: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], userVerification: 'required', rpId: 'localhost' },
};
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw', userHandle: 'cGF0' },
  clientExtensionResults: {},
};

function stubServer(replies: { verify?: () => Response; authenticate?: () => Response } = {}) {
  const calls: { path: string; body: Record<string, unknown>; flowState: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const path = new URL(url, 'http://portal.test').pathname.replace(/^.*?\/(?=(factor|auth)\/)/, '');
      calls.push({
        path,
        body: init?.body ? JSON.parse(String(init.body)) : {},
        flowState: new Headers(init?.headers).get('X-Flow-State'),
      });
      if (url.endsWith('client_token'))
        return json({ access_token: 'ct', token_type: 'Bearer', expires_in: 3600 });
      if (url.endsWith('FIDOAuthChallengeGenerator')) return json(challenge);
      if (url.endsWith('FIDOAuthChallengeVerifier'))
        return (
          replies.verify?.() ??
          json({ nextaction: 'AUTH_ALLOWED', userName: 'pat', access_token: 'user-token' })
        );
      if (url.endsWith('auth/v1/authenticate'))
        return (
          replies.authenticate?.() ??
          json({ nextaction: 'PASSWORD_AUTH', userName: 'ann', flowState: 'fs-passkey' })
        );
      return json({}, 404);
    }),
  );
  return calls;
}

const pendingRequest = async () => {
  await vi.waitFor(() => expect(browser.state.pending).toHaveLength(1));
  return browser.state.pending[0];
};

beforeEach(() => {
  browser.state.pending.length = 0;
  browser.state.cancelled = 0;
  browser.startAuthentication.mockClear();
  browser.browserSupportsWebAuthnAutofill.mockClear();
  browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
  portalStore.set(serviceUrlAtom, 'http://sso.test/default/');
  portalStore.set(riskTypeAtom, 'AARISK');
  portalStore.set(authStatusAtom, AuthStatus.None);
  portalStore.set(signInFidoTypeAtom, null);
  Object.assign(globalThis, { aaCollectDeviceSignature: () => 'device-sig' });
});

describe('passkey autofill on the User ID field', () => {
  it('asks for a challenge with no user name and starts a conditional request on the field', async () => {
    const calls = stubServer();
    renderAt('/direct');
    const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
    expect(field.getAttribute('autocomplete')).toBe('username webauthn');
    const request = await pendingRequest();
    const asked = calls.find((call) => call.path === 'factor/v1/FIDOAuthChallengeGenerator');
    expect(asked?.body).toEqual({
      documentDomain: globalThis.location.origin,
      fidoCredType: 'PASSKEY',
      deviceTag: true,
    });
    expect(request?.options).toMatchObject({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [] },
      useBrowserAutofill: true,
    });
    expect(field.disabled).toBe(false);
  });

  it('a passkey picked from the suggestions signs in: the assertion goes to the FIDO verifier, then welcome', async () => {
    const calls = stubServer();
    renderAt('/direct');
    (await pendingRequest())?.pick(assertion);
    expect((await screen.findByTestId('where')).textContent).toBe('/welcome');
    const verified = calls.find((call) => call.path === 'factor/v1/FIDOAuthChallengeVerifier');
    expect(verified?.body).toEqual({ ...assertion, fidoCredType: 'PASSKEY' });
    expect(verified?.flowState).toBe('fs-passkey');
    expect(portalStore.get(signInFidoTypeAtom)).toBe('PASSKEY');
    expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.Authenticated);
  });

  it('a refused passkey shows the service message and the field stays usable, with a new request', async () => {
    stubServer({
      verify: () => json({ errorCode: '8800040', errorMessage: 'Credential not found' }, 404),
    });
    renderAt('/direct');
    (await pendingRequest())?.pick(assertion);
    expect(await screen.findByText('Credential not found')).toBeTruthy();
    const field = screen.getByLabelText('User ID') as HTMLInputElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    await pendingRequest();
  });

  it.each([
    ['8800041: the SSO says the passkey does not exist', '8800041', 1],
    ['8800040: it exists but cannot be used', '8800040', 0],
  ])(
    'a refused passkey, %s: the passkey manager is told only then (Signal API)',
    async (_case, code, times) => {
      const signalled = vi.fn();
      // The page's PublicKeyCredential, with the Signal API's method added.
      const Base: new () => object = globalThis.PublicKeyCredential ?? class {};
      vi.stubGlobal(
        'PublicKeyCredential',
        class extends Base {
          static signalUnknownCredential = async (options: unknown) => void signalled(options);
        },
      );
      try {
        stubServer({ verify: () => json({ errorCode: code, errorMessage: 'Refused' }, 404) });
        renderAt('/direct');
        (await pendingRequest())?.pick(assertion);
        expect(await screen.findByText('Refused')).toBeTruthy();
        expect(signalled).toHaveBeenCalledTimes(times);
        if (times) expect(signalled).toHaveBeenCalledWith({ rpId: 'localhost', credentialId: assertion.id });
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );

  it('typing a User ID and submitting aborts the pending request and signs in as before', async () => {
    const calls = stubServer();
    renderAt('/direct');
    await pendingRequest();
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/verify');
    // The typed User ID goes on as without autofill: the passkey challenge's flow state is not sent.
    const typed = calls.find((call) => call.path === 'auth/v1/authenticate');
    expect(typed?.flowState).toBeNull();
    expect(typed?.body).not.toHaveProperty('latestFlowState');
    expect(browser.state.cancelled).toBeGreaterThan(0);
    expect(browser.state.pending).toHaveLength(0);
    expect(calls.some((call) => call.path === 'factor/v1/FIDOAuthChallengeVerifier')).toBe(false);
    expect(portalStore.get(signInFidoTypeAtom)).toBeNull();
  });

  it('a typed User ID that is refused: its submit aborted the request, and a new one waits', async () => {
    const calls = stubServer({
      authenticate: () => json({ errorCode: '8800004', errorMessage: 'User not found' }, 404),
    });
    renderAt('/direct');
    const first = await pendingRequest();
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
    const second = await pendingRequest();
    expect(second).not.toBe(first);
    expect(browser.state.cancelled).toBeGreaterThan(0);
    expect(calls.filter((call) => call.path === 'factor/v1/FIDOAuthChallengeGenerator')).toHaveLength(2);
  });

  it('leaving the screen aborts the pending request', async () => {
    stubServer();
    const { unmount } = renderAt('/direct');
    await pendingRequest();
    unmount();
    expect(browser.state.pending).toHaveLength(0);
  });

  it('without conditional mediation no challenge is asked for', async () => {
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
    const calls = stubServer();
    renderAt('/direct');
    const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    await vi.waitFor(() => expect(browser.browserSupportsWebAuthnAutofill).toHaveBeenCalled());
    expect(calls.some((call) => call.path === 'factor/v1/FIDOAuthChallengeGenerator')).toBe(false);
    expect(browser.startAuthentication).not.toHaveBeenCalled();
  });
});
