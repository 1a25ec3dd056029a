import type { Credential } from '@portal/shared/api/schemas';
import { userNameAtom, userTokenAtom } from '@portal/shared/session/atoms';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { ManageCredentials } from '../src/credentials/ManageCredentials';
import type { CredentialCalls } from '../src/credentials/useCredentials';
import { RegisterForm } from '../src/register/RegisterForm';
import { RegisterFido } from '../src/registerFido/RegisterFido';
import { RegisterTotpPush } from '../src/registerTotpPush/RegisterTotpPush';
import { Welcome } from '../src/welcome/Welcome';
import { httpError, ok, renderScreen } from './render';

const landed = () => screen.getByTestId('landed');

describe('Welcome', () => {
  it("says 'Hello, {name}' with the userinfo name", async () => {
    const store = createStore();
    store.set(userTokenAtom, 'token');
    const getUserInfo = vi.fn(async () => ok({ name: 'Pat Password' }));
    renderScreen(<Welcome getUserInfo={getUserInfo} />, { store, path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Hello, Pat Password' })).toBeTruthy();
    expect(getUserInfo).toHaveBeenCalledWith('token');
    expect(screen.getByRole('link', { name: 'Manage Credentials' }).getAttribute('href')).toBe(
      '/self-service',
    );
  });
  it('falls back to the known user name when userinfo fails, and says so', async () => {
    const store = createStore();
    store.set(userTokenAtom, 'token');
    store.set(userNameAtom, 'pat.password');
    renderScreen(<Welcome getUserInfo={async () => httpError('invalid access token')} />, {
      store,
      path: '/welcome',
    });
    expect(await screen.findByRole('heading', { name: 'Hello, pat.password' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('invalid access token');
  });
});

function credentialCalls(initial: Credential[]): CredentialCalls & { list: Credential[] } {
  const state = { list: [...initial] };
  const calls = {
    get list() {
      return state.list;
    },
    listCredentials: vi.fn(async () => ok(state.list)),
    updateCredential: vi.fn(
      async (credId: string, change: { default: boolean; status: 'ACTIVE' | 'INACTIVE' }) => {
        state.list = state.list.map((c) => (c.credId === credId ? { ...c, ...change } : c));
        return ok({});
      },
    ),
    deleteCredential: vi.fn(async (credId: string) => {
      state.list = state.list.filter((c) => c.credId !== credId);
      return ok({});
    }),
    deleteAllCredentials: vi.fn(async () => {
      state.list = [];
      return ok(null);
    }),
    clearDefaults: vi.fn(async () => {
      state.list = state.list.map((c) => ({ ...c, default: false }));
      return ok(null);
    }),
  };
  return calls as unknown as CredentialCalls & { list: Credential[] };
}

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

describe('Manage Credentials', () => {
  it('lists by rank with names, status, default and the Added date', async () => {
    renderScreen(<ManageCredentials calls={credentialCalls(fixture)} />, { path: '/self-service' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['SMS', 'Email']);
    expect(items[0]?.textContent).toContain('Inactive');
    expect(items[0]?.textContent).toContain('Added not a date');
    expect(items[1]?.textContent).toContain('Active · Default');
    expect(items[1]?.textContent).toContain('Added January 15, 2024');
  });

  it('activates and deactivates with PUT status, keeping default', async () => {
    const calls = credentialCalls(fixture);
    renderScreen(<ManageCredentials calls={calls} />, { path: '/self-service' });
    const sms = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    fireEvent.click(within(sms).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(calls.updateCredential).toHaveBeenCalledWith('s1', { default: false, status: 'ACTIVE' }),
    );
    expect(
      await within((await screen.findAllByRole('listitem'))[0] as HTMLElement).findByRole('button', {
        name: 'Deactivate',
      }),
    ).toBeTruthy();
  });

  it('delete one asks first: Cancel keeps it, Yes deletes it', async () => {
    const calls = credentialCalls(fixture);
    renderScreen(<ManageCredentials calls={calls} />, { path: '/self-service' });
    const email = (await screen.findAllByRole('listitem'))[1] as HTMLElement;
    fireEvent.click(within(email).getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Do you want to delete the credential of type Email?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.deleteCredential).not.toHaveBeenCalled();
    fireEvent.click(within(email).getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.deleteCredential).toHaveBeenCalledWith('e1');
  });

  it('delete all asks, then deletes every credential', async () => {
    const calls = credentialCalls(fixture);
    renderScreen(<ManageCredentials calls={calls} />, { path: '/self-service' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all credentials' }));
    expect(screen.getByText('All your credentials will be deleted. Are you sure?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have no registered credentials.')).toBeTruthy();
  });

  it('clear defaults issues the per-credential call; a failure shows the service message', async () => {
    const calls = credentialCalls(fixture);
    vi.mocked(calls.clearDefaults).mockResolvedValueOnce(httpError('Credential not found'));
    renderScreen(<ManageCredentials calls={calls} />, { path: '/self-service' });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear default credentials' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Credential not found');
  });

  it('shows the new-credential notice from the router state', async () => {
    renderScreen(<ManageCredentials calls={credentialCalls([])} />, {
      path: '/self-service',
      state: { newCredAdded: true },
    });
    expect((await screen.findByRole('status')).textContent).toBe('A new credential was added.');
  });
});

describe('Register form', () => {
  function calls() {
    return {
      registerOtp: vi.fn(),
      registerMobileOtp: vi.fn(async () => ok({ credId: 't1', sharedSecret: 'S', tenantName: 'default' })),
      fidoRegChallenge: vi.fn(),
    };
  }

  it('step 1 → step 2 → /register/totp; sms and e-mail are shown disabled with the legal notice', async () => {
    const c = calls();
    renderScreen(<RegisterForm calls={c} />, { path: '/register' });
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
    expect(c.registerMobileOtp).toHaveBeenCalledWith('totp', 'My phone');
  });

  it('vendor push needs a credential ID; Back goes step 2 → 1 → self-service', async () => {
    renderScreen(<RegisterForm calls={calls()} />, { path: '/register' });
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
    const c = calls();
    c.registerMobileOtp.mockResolvedValueOnce(httpError('Mobile OTP already registered') as never);
    renderScreen(<RegisterForm calls={c} />, { path: '/register' });
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
  it('starts the prompt on load, verifies, and opens self-service with newCredAdded', async () => {
    const prompt = vi.fn(async () => ({ id: 'cred' }) as never);
    const verify = vi.fn(async () => ok({ data: { status: 'SUCCESS' } }));
    renderScreen(<RegisterFido deps={{ prompt, verify }} />, {
      path: '/register/passkey',
      state: { fidoCredType: 'passkey', options: creation },
    });
    expect(screen.getByRole('heading', { name: 'FIDO Device Registration' })).toBeTruthy();
    await waitFor(() => expect(landed().textContent).toBe('/self-service'));
    expect(landed().dataset.state).toBe('{"newCredAdded":true}');
    expect(prompt).toHaveBeenCalledWith(creation);
    expect(verify).toHaveBeenCalledWith({ id: 'cred' }, 'passkey');
  });

  it('an excluded authenticator: "This authenticator is already registered", with Retry', async () => {
    const prompt = vi.fn(async () => {
      throw Object.assign(new Error('excluded'), { name: 'InvalidStateError' });
    });
    renderScreen(<RegisterFido deps={{ prompt, verify: vi.fn() }} />, {
      path: '/register/fido',
      state: { fidoCredType: 'fido', options: creation },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This authenticator is already registered',
    );
    expect(screen.getByText('Validate your biometric')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('without the data of the previous step it says so and offers the way back', () => {
    renderScreen(<RegisterFido deps={{ prompt: vi.fn(), verify: vi.fn() }} />, { path: '/register/fido' });
    expect(screen.getByRole('alert').textContent).toContain('The registration data is missing.');
    expect(screen.getByRole('button', { name: 'Back to Manage Credentials' })).toBeTruthy();
  });
});

describe('Vendor push registration', () => {
  it('registers on load; a failure shows the spec text', async () => {
    const register = vi.fn(async () => httpError('nope'));
    renderScreen(<RegisterTotpPush register={register} />, {
      path: '/register/totp_push',
      state: { vipCredentialID: 'VSMT1', credValue: 'phone' },
    });
    await act(async () => {});
    expect(register).toHaveBeenCalledWith({
      vipCredentialID: 'VSMT1',
      credType: 'totp_push',
      credValue: 'phone',
      language: 'en_US',
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to complete registration at this time. ',
    );
  });
});
