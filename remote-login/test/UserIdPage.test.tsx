import './routing';
import {
  portalStore,
  authStatusAtom,
  riskTypeAtom,
  serviceUrlAtom,
  AuthStatus,
} from '@portal/shared/session';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserIdPage } from '../src/userId/UserIdPage';

/** The alerts that say something: a field's error line is an alert too, empty while all is well. */
const spokenAlerts = () => screen.queryAllByRole('alert').filter((alert) => alert.textContent);
const spokenAlert = () =>
  waitFor(() => {
    const [alert] = spokenAlerts();
    if (!alert) throw new Error('no alert says anything');
    return alert;
  });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <Provider store={portalStore}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/direct" element={<UserIdPage />} />
          <Route path="/oauth2" element={<UserIdPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubServer(authenticate: () => Response | Promise<Response>) {
  const calls: { url: string; body: unknown; flowState: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        flowState: new Headers(init?.headers).get('X-Flow-State'),
      });
      if (url.endsWith('client_token'))
        return json({ access_token: 'ct', token_type: 'Bearer', expires_in: 3600 });
      if (url.endsWith('auth/v1/authenticate')) return authenticate();
      return json({}, 404);
    }),
  );
  return calls;
}

const authenticateCalls = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((call) => call.url.endsWith('auth/v1/authenticate'));

beforeEach(() => {
  portalStore.set(serviceUrlAtom, 'http://sso.test/default/');
  portalStore.set(riskTypeAtom, 'AARISK');
  portalStore.set(authStatusAtom, AuthStatus.None);
  Object.assign(globalThis, { aaCollectDeviceSignature: () => 'device-sig' });
});

describe('UserIdPage', () => {
  it('shows the field, Remember Me checked, the warning, and disables Submit while empty', async () => {
    stubServer(() => json({ nextaction: 'PASSWORD_AUTH', userName: 'ann' }));
    renderAt('/direct');
    const field = await screen.findByLabelText('User ID');
    expect(field.getAttribute('autocomplete')).toBe('username webauthn');
    expect((screen.getByLabelText('Remember Me') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/authorized users only/)).toBeTruthy();
    await vi.waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Ann' } });
    expect(submit.disabled).toBe(false);
  });

  it('while login start runs the field takes typing and Remember Me toggles, but nothing can be submitted', async () => {
    // The client token (login start's first step) never answers.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderAt('/direct');
    const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
    expect(field.disabled).toBe(false);
    fireEvent.change(field, { target: { value: 'Ann' } });
    fireEvent.click(screen.getByLabelText('Remember Me'));
    expect(field.value).toBe('Ann');
    expect((screen.getByLabelText('Remember Me') as HTMLInputElement).checked).toBe(false);
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // No loading bar at first (the rendered page has none: nothing shifts while the start is quick).
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.submit(field.form as HTMLFormElement);
    expect(screen.queryByTestId('where')).toBeNull();
    // A start that has not answered within a second says so (issue 43 item 6); the form stays usable.
    expect(await screen.findByRole('progressbar', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'Please wait…')).toBe(true);
    expect(document.querySelector('section[aria-busy="true"]')).not.toBeNull();
    expect(field.disabled).toBe(false);
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit' })).toBe(submit);
  });

  it('submits the authenticate body and routes PASSWORD_AUTH to /verify with status Factor', async () => {
    const calls = stubServer(() => json({ nextaction: 'PASSWORD_AUTH', userName: 'ann', flowState: 'fs' }));
    renderAt('/direct');
    const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: 'Ann' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/verify');
    expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.Factor);
    const sent = calls.find((call) => call.url.endsWith('auth/v1/authenticate'))?.body;
    expect(sent).toEqual({
      channel: 'web',
      action: 'authenticate',
      subject: 'ann',
      rememberMe: true,
      device: { signature: 'device-sig' },
    });
    expect(localStorage.getItem('rememberMe')).toBe('ann');
  });

  it('shows the mapped error for an unknown user and keeps the form', async () => {
    stubServer(() => json({ errorCode: '8800004', errorMessage: 'User not found' }, 400));
    renderAt('/direct');
    const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
    await vi.waitFor(() => expect(field.disabled).toBe(false));
    fireEvent.change(field, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await spokenAlert()).textContent).toContain('User not found');
    expect(localStorage.getItem('rememberMe')).toBeNull();
  });

  it('a remembered user ID submits itself', async () => {
    localStorage.setItem('rememberMe', 'ann');
    stubServer(() => json({ nextaction: 'PASSWORD_AUTH', userName: 'ann' }));
    renderAt('/direct');
    expect((await screen.findByTestId('where')).textContent).toBe('/verify');
  });

  describe('the oauth2 arrival (spec section 4, Login start 2)', () => {
    it('without a remembered user: the flow state alone; a reply without nextaction shows the form', async () => {
      const replies = [
        json({ flowState: 'fs-2', flowStateId: 'id', userName: '' }),
        json({ nextaction: 'PASSWORD_AUTH', userName: 'ann', flowState: 'fs-2' }),
      ];
      const calls = stubServer(() => replies.shift() ?? json({}, 500));
      renderAt('/oauth2?x-flow-state=fs-1');
      const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
      await vi.waitFor(() => expect(field.disabled).toBe(false));
      await vi.waitFor(() => expect(document.activeElement).toBe(field));
      expect(spokenAlerts()).toEqual([]);
      const [arrival] = authenticateCalls(calls);
      expect(arrival?.flowState).toBe('fs-1');
      expect(arrival?.body).toEqual({
        channel: 'web',
        action: 'authenticate',
        device: { signature: 'device-sig' },
        latestFlowState: true,
      });

      fireEvent.change(field, { target: { value: 'Ann' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      });
      expect((await screen.findByTestId('where')).textContent).toBe('/verify');
      const typed = authenticateCalls(calls)[1];
      expect(typed?.flowState).toBe('fs-2');
      expect(typed?.body).toMatchObject({ subject: 'ann', rememberMe: true, latestFlowState: true });
    });

    it('a reply with a nextaction is routed at once (the server knows the user)', async () => {
      stubServer(() => json({ nextaction: 'PASSWORD_AUTH', userName: 'pat', flowState: 'fs-1' }));
      renderAt('/oauth2?x-flow-state=fs-1');
      expect((await screen.findByTestId('where')).textContent).toBe('/verify');
      expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.Factor);
    });

    it('a remembered user is the subject', async () => {
      localStorage.setItem('rememberMe', 'ann');
      const calls = stubServer(() => json({ nextaction: 'PASSWORD_AUTH', userName: 'ann' }));
      renderAt('/oauth2?x-flow-state=fs-1');
      expect((await screen.findByTestId('where')).textContent).toBe('/verify');
      expect(authenticateCalls(calls)[0]?.body).toMatchObject({ subject: 'ann', rememberMe: true });
    });

    it('a failure shows its message on the form, which stays usable', async () => {
      stubServer(() => json({ errorCode: '0000999', errorMessage: 'Service unavailable' }, 503));
      renderAt('/oauth2?x-flow-state=fs-1');
      expect((await spokenAlert()).textContent).toContain('Service unavailable');
      const field = screen.getByLabelText('User ID') as HTMLInputElement;
      expect(field.disabled).toBe(false);
      fireEvent.change(field, { target: { value: 'ann' } });
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it('while it runs the page is busy and the form disabled', async () => {
      let answer: (response: Response) => void = () => undefined;
      const calls = stubServer(() => new Promise<Response>((resolve) => (answer = resolve)));
      renderAt('/oauth2?x-flow-state=fs-1');
      const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
      await vi.waitFor(() => expect(authenticateCalls(calls)).toHaveLength(1));
      // Login start leaves the form usable; the arrival's authentication (a call made for the user) does not.
      await vi.waitFor(() => expect(field.disabled).toBe(true));
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
      // The busy indicator once the call has gone a second without an answer.
      expect(await screen.findByRole('progressbar', {}, { timeout: 3000 })).toBeTruthy();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      await act(async () => answer(json({ flowState: 'fs-1', userName: '' })));
      await vi.waitFor(() => expect(field.disabled).toBe(false));
      expect(screen.queryByRole('progressbar')).toBeNull();
    });

    it('focus that was in the field when the arrival started goes to the heading, not to <body>', async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The client token is slow (a loaded phone): the user is in the field before the arrival starts.
      stubServer(() => new Promise<Response>(() => undefined));
      const stubbed = globalThis.fetch;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input).endsWith('client_token')) await held;
          return stubbed(input, init);
        }),
      );
      renderAt('/oauth2?x-flow-state=fs-1');
      const field = (await screen.findByLabelText('User ID')) as HTMLInputElement;
      act(() => field.focus());
      expect(document.activeElement).toBe(field);
      await act(async () => release());
      await vi.waitFor(() => expect(field.disabled).toBe(true));
      await vi.waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign in' })),
      );
    });
  });
});
