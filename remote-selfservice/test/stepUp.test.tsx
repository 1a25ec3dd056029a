import type { Credential } from '../src/api/schemas';
import { defaultPortalConfig, portalConfigAtom } from '@portal/shared/config';
import { portalStore } from '@portal/shared/session';
import { fakeServer, type RecordedRequest } from '@portal/shared/test-support/fakeServer';
import { renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ManageCredentials } from '../src/credentials/ManageCredentials';
import { type CredentialView, toCredentialView } from '../src/credentials/credentialView';
import { deletionNeedsStepUp } from '../src/credentials/stepUpNeeded';
import { expectUserCall, SERVICE, signedIn } from './session';

// Step-up before destruction (our design, the spec has none): deleting all credentials, or the
// last of a type, asks for the password when the SSO offers step-up and the setting allows it.

const PASSWORD = 'Passw0rd!';
const GRANT = 'grant-'.padEnd(43, 'x');

const credential = (credId: string, credType: string): Credential => ({
  credId,
  credType,
  credValue: `${credId}-value`,
  status: 'ACTIVE',
  default: false,
});
const fixture = [credential('s1', 'sms'), credential('s2', 'sms'), credential('e1', 'email')];

/** MeCreds with its step-up offer, MeStepUp (wrong password: 401 8800011), and DELETE. */
function stepUpServer(offer: unknown = { factor: 'password' }) {
  let list = [...fixture];
  const idOf = (request: RecordedRequest) => decodeURIComponent(request.path.split('/').pop() ?? '');
  return fakeServer({ base: SERVICE })
    .on('GET', 'factor/v1/MeCreds', () => ({
      json: offer ? { credentials: list, stepUp: offer } : { credentials: list },
    }))
    .on('POST', 'factor/v1/MeStepUp', (request) =>
      (request.body as { password: string }).password === PASSWORD
        ? { json: { stepUpGrant: GRANT, expiresIn: 300 } }
        : { status: 401, json: { errorCode: '8800011', errorMessage: 'Invalid credentials' } },
    )
    .on('DELETE', /factor\/v1\/MeCreds\/[^/]+$/, (request) => {
      list = list.filter((c) => c.credId !== idOf(request));
      return { json: {} };
    });
}

const itemOf = async (name: string) =>
  (await screen.findAllByRole('listitem')).find(
    (item) => within(item).getByRole('heading').textContent === name,
  ) as HTMLElement;
const deleteButton = async (credId: string) =>
  within(
    (await screen.findAllByRole('listitem')).find((i) => i.dataset.credential === credId) as HTMLElement,
  ).getByRole('button', { name: /^Delete / });
const dialog = () => screen.getByRole('dialog', { name: 'Please confirm' });

describe('deletionNeedsStepUp', () => {
  const views = fixture.map(toCredentialView);
  const one = (index: number) => ({ kind: 'one' as const, view: views[index] as CredentialView });
  const [sms1, email] = [one(0), one(2)];
  const offer = { factor: 'password' };
  it('asks for delete all and for the last of a type, when offered and enabled', () => {
    expect(deletionNeedsStepUp({ kind: 'all' }, views, offer, true)).toBe(true);
    expect(deletionNeedsStepUp(email, views, offer, true)).toBe(true);
    expect(deletionNeedsStepUp(sms1, views, offer, true)).toBe(false);
  });
  it('never without the offer, with another factor, or with the setting off', () => {
    for (const [o, enabled] of [
      [null, true],
      [{ factor: 'otp' }, true],
      [offer, false],
    ] as const) {
      expect(deletionNeedsStepUp({ kind: 'all' }, views, o, enabled)).toBe(false);
      expect(deletionNeedsStepUp(email, views, o, enabled)).toBe(false);
    }
  });
});

describe('Manage Credentials with step-up', () => {
  it('the last of a type: the password is asked; empty and wrong say so; the right one deletes with the grant', async () => {
    signedIn();
    const server = stepUpServer();
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    fireEvent.click(await deleteButton('e1'));
    const box = dialog();
    expect(box.textContent).toContain('Do you want to delete the credential of type Email?');
    expect(box.textContent).toContain('For your security, enter your password to confirm.');
    const field = within(box).getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(field));

    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }));
    expect(within(box).getByRole('alert').textContent).toBe('* Field is required.');
    expect(server.requestsTo('POST', /MeStepUp/)).toEqual([]);

    fireEvent.change(field, { target: { value: 'wrong' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(within(box).getByRole('alert').textContent).toBe(
        'That password is not correct. Please try again.',
      ),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(server.requestsTo('DELETE', /MeCreds/)).toEqual([]);

    fireEvent.change(field, { target: { value: PASSWORD } });
    fireEvent.submit(field.form as HTMLFormElement);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const [granted] = server.requestsTo('POST', /MeStepUp/).slice(-1);
    expect(granted?.body).toEqual({ password: PASSWORD, credIds: ['e1'] });
    expectUserCall(granted);
    const deletes = server.requestsTo('DELETE', /MeCreds/);
    expect(deletes.map((r) => [r.path, r.headers.get('X-Step-Up-Grant')])).toEqual([
      ['factor/v1/MeCreds/e1', GRANT],
    ]);
  });

  it('Cancel sends nothing, keeps the credential and returns focus to its Delete button', async () => {
    signedIn();
    const server = stepUpServer();
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    const opener = await deleteButton('e1');
    opener.focus();
    fireEvent.click(opener);
    const box = dialog();
    fireEvent.change(within(box).getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(server.requestsTo('POST', /MeStepUp/)).toEqual([]);
    expect(server.requestsTo('DELETE', /MeCreds/)).toEqual([]);
    expect(await itemOf('Email')).toBeTruthy();
    // Opened again, the dialog has forgotten the password typed before.
    fireEvent.click(opener);
    expect((within(dialog()).getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('not the last of its type: the spec confirmation alone, no password', async () => {
    signedIn();
    const server = stepUpServer();
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    fireEvent.click(await deleteButton('s1'));
    expect(within(dialog()).queryByLabelText('Password')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const deletes = server.requestsTo('DELETE', /MeCreds/);
    expect(deletes.map((r) => [r.path, r.headers.get('X-Step-Up-Grant')])).toEqual([
      ['factor/v1/MeCreds/s1', null],
    ]);
  });

  it('delete all: one grant for every credential, carried by every delete', async () => {
    signedIn();
    const server = stepUpServer();
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all credentials' }));
    const box = dialog();
    expect(box.textContent).toContain('All your credentials will be deleted. Are you sure?');
    fireEvent.change(within(box).getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(within(box).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have no registered credentials.')).toBeTruthy();
    const [granted] = server.requestsTo('POST', /MeStepUp/);
    expect((granted?.body as { credIds?: string[] } | undefined)?.credIds?.sort()).toEqual([
      'e1',
      's1',
      's2',
    ]);
    const deletes = server.requestsTo('DELETE', /MeCreds/);
    expect(deletes).toHaveLength(3);
    expect(deletes.every((r) => r.headers.get('X-Step-Up-Grant') === GRANT)).toBe(true);
  });

  it("stepUpBeforeDelete false, or no offer from the SSO: today's confirmation, no password, no grant", async () => {
    for (const [offer, setting] of [
      [{ factor: 'password' }, false],
      [null, true],
    ] as const) {
      signedIn();
      portalStore.set(portalConfigAtom, { ...defaultPortalConfig, stepUpBeforeDelete: setting });
      const server = stepUpServer(offer);
      const { unmount } = renderScreen(<ManageCredentials />, { path: '/self-service' });
      fireEvent.click(await deleteButton('e1'));
      expect(within(dialog()).queryByLabelText('Password')).toBeNull();
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
      expect(server.requestsTo('POST', /MeStepUp/)).toEqual([]);
      expect(server.requestsTo('DELETE', /MeCreds/).map((r) => r.headers.get('X-Step-Up-Grant'))).toEqual([
        null,
      ]);
      unmount();
    }
  });
});
