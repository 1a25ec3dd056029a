import { portalStore } from '@portal/shared/session/store';
import { authStatusAtom, riskTypeAtom, serviceUrlAtom } from '@portal/shared/session/atoms';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserIdPage } from '../src/userId/UserIdPage';

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

function stubServer(authenticate: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('client_token'))
        return json({ access_token: 'ct', token_type: 'Bearer', expires_in: 3600 });
      if (url.endsWith('auth/v1/authenticate')) return authenticate();
      return json({}, 404);
    }),
  );
  return calls;
}

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
    expect(field.getAttribute('autocomplete')).toBe('username');
    expect((screen.getByLabelText('Remember Me') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/authorized users only/)).toBeTruthy();
    await vi.waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Ann' } });
    expect(submit.disabled).toBe(false);
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
    expect((await screen.findByRole('alert')).textContent).toContain('User not found');
    expect(localStorage.getItem('rememberMe')).toBeNull();
  });

  it('a remembered user ID submits itself', async () => {
    localStorage.setItem('rememberMe', 'ann');
    stubServer(() => json({ nextaction: 'PASSWORD_AUTH', userName: 'ann' }));
    renderAt('/direct');
    expect((await screen.findByTestId('where')).textContent).toBe('/verify');
  });
});
