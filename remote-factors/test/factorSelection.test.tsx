import type { AuthReply } from '@portal/shared/transport';
import { paths } from '../src/paths';
import { factorReplyAtom, portalStore } from '@portal/shared/session';
import { rememberedFactorFor, rememberFactor } from '@portal/shared/storage';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FactorSelectionScreen } from '../src/factorSelection/FactorSelectionScreen';
import {
  factorSession,
  liveContributions,
  remoteContributions,
  renderAt,
  signInRemote,
  stubServer,
} from './harness';

const selection: AuthReply = {
  nextaction: 'FACTOR_SELECTION',
  flowState: 'flow-1',
  userName: 'felix.factors',
  currentFactors: [
    'SMSOTP',
    'EMAILOTP',
    'MOBILEOTP',
    'PUSH',
    'FIDO',
    'CUSTOM/securid',
    'IDP/corp',
    'UNKNOWN',
  ],
  customFactorOptions: { 'CUSTOM/securid': 'RSA SecurID', 'IDP/corp': 'Corporate SSO - Internal' },
  additional: { currentFactorLevel: 2 },
};

const smsSelection: AuthReply = {
  nextaction: 'SMS_OTP_SELECTION',
  flowState: 'flow-1',
  userName: 'felix.factors',
  currentFactors: ['SMSOTP'],
  credentials: [{ credId: 'sms-1', credType: 'sms', credValue: '+1 ***-0101', default: true }],
  additional: { currentFactorLevel: 2 },
};

function show(reply: AuthReply = selection, state?: unknown) {
  factorSession(reply, { userName: 'felix.factors' });
  return renderAt(<FactorSelectionScreen />, paths.factorSelection, state);
}

const location = () => screen.getByTestId('location').textContent;

describe('factor selection', () => {
  it('lists the factors with their labels, grouped, without unknown ones; Select waits for a choice', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Factor Selection' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Select an authentication method' })).toBeTruthy();
    const radios = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim());
    expect(radios).toEqual([
      'Text message (SMS)',
      'Email',
      'Mobile Authenticator',
      'Push notification',
      'Biometric',
      'RSA SecurID',
      'Corporate SSO',
    ]);
    // The names the server gave are isolated (shown as sent, in their own direction); ours are not.
    const isolated = screen
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.querySelector('bdi')?.textContent ?? null);
    expect(isolated).toEqual([null, null, null, null, null, 'RSA SecurID', 'Corporate SSO']);
    expect(screen.getByRole('group', { name: 'Text message (SMS), Email' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Mobile Authenticator, Push notification' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember my choice' })).toHaveProperty('checked', false);
    expect(
      screen.getByRole('checkbox', { name: 'Remember my choice' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The selected authentication factor will be saved for future logins with your account.',
      ),
    ).toBeTruthy();
    const select = screen.getByRole('button', { name: 'Select' });
    expect(select).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(select).toHaveProperty('disabled', false);
  });

  it('offers a factor another live remote contributes, in the group it names, with no change here', () => {
    const hardwareRemote = remoteContributions('remote_hardware', {
      version: 1,
      routes: [{ path: '/hardware-key', guard: 'C', expose: './HardwareKey', title: 'Hardware key' }],
      nextActions: [{ action: 'HARDWAREKEY_AUTH', path: '/hardware-key' }],
      factors: [{ code: 'HARDWAREKEY', label: 'Hardware key', group: 'otp' }],
    });
    show({ ...selection, currentFactors: ['SMSOTP', 'HARDWAREKEY', 'PUSH'] });
    const labels = () =>
      screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim());
    expect(labels()).toEqual(['Text message (SMS)', 'Push notification']);
    // The hardware-key remote goes live: the list follows the contributions.
    act(() => liveContributions([signInRemote, hardwareRemote]));
    expect(labels()).toEqual(['Text message (SMS)', 'Hardware key', 'Push notification']);
    expect(screen.getByRole('group', { name: 'Text message (SMS), Hardware key' })).toBeTruthy();
  });

  it('sends the chosen code, routes the reply and remembers the choice per level when ticked', async () => {
    const calls = stubServer({ 'auth/v1/SelectedFactor': [{ body: smsSelection }] });
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Text message (SMS)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember my choice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    // A call answered within a second shows no busy indicator (it would only flash).
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(location()).toBe(paths.sotp));
    expect(calls[0]?.body).toEqual({ factor: 'SMSOTP' });
    expect(rememberedFactorFor(2)).toBe('SMSOTP');
  });

  it('does not remember a choice when the box is not ticked', async () => {
    stubServer({ 'auth/v1/SelectedFactor': [{ body: smsSelection }] });
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Text message (SMS)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(location()).toBe(paths.sotp));
    expect(rememberedFactorFor(2)).toBeNull();
  });

  it('submits a remembered factor of this level automatically', async () => {
    rememberFactor(2, 'CUSTOM/securid');
    rememberFactor(1, 'PUSH');
    const calls = stubServer({
      'auth/v1/SelectedFactor': [
        { body: { ...smsSelection, nextaction: 'CUSTOM_AUTH', additional: { customFlowId: 'securid' } } },
      ],
    });
    show();
    await waitFor(() => expect(location()).toBe(paths.securid));
    expect(calls.map((call) => call.body)).toEqual([{ factor: 'CUSTOM/securid' }]);
  });

  it('does not auto-submit when the reply asks to skip the automatic factor redirect', async () => {
    rememberFactor(2, 'SMSOTP');
    const calls = stubServer({});
    show(selection, { skipFactorAutoRedirect: true });
    expect(screen.getByRole('button', { name: 'Select' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('names an unrecognised action and restores the options', async () => {
    stubServer({ 'auth/v1/SelectedFactor': [{ body: { nextaction: 'WEIRD_STEP', flowState: 'flow-1' } }] });
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Biometric' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(
      await screen.findByText('WEIRD_STEP is not a recognized action. Please select a different factor'),
    ).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(location()).toBe(paths.factorSelection);
  });

  it('words factor codes in an unrecognised action message', async () => {
    stubServer({ 'auth/v1/SelectedFactor': [{ body: { nextaction: 'FIDO', flowState: 'flow-1' } }] });
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Biometric' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(
      await screen.findByText('biometrics is not a recognized action. Please select a different factor'),
    ).toBeTruthy();
  });

  it('keeps the screen with the new list on FACTOR_SELECTION', async () => {
    stubServer({
      'auth/v1/SelectedFactor': [{ body: { ...selection, currentFactors: ['SECURITYKEY', 'PASSKEY'] } }],
    });
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Biometric' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: 'Security key' })).toBeTruthy();
    expect(location()).toBe(paths.factorSelection);
  });

  it('shows the call error and restores the options', async () => {
    stubServer({
      'auth/v1/SelectedFactor': [
        { status: 400, body: { errorCode: '8800030', errorMessage: 'Not expected' } },
      ],
    });
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('Not expected')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(7);
  });

  it('restores the last action when opened without a selection, skipping the auto redirect', async () => {
    rememberFactor(2, 'SMSOTP');
    const calls = stubServer({ 'auth/v1/SelectedFactor': [{ body: selection }] });
    show({ ...smsSelection, nextaction: 'PASSWORD_AUTH' });
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(7));
    expect(calls.map((call) => call.body)).toEqual([{ action: 'restorelastaction', latestFlowState: true }]);
    expect(portalStore.get(factorReplyAtom)?.nextaction).toBe('FACTOR_SELECTION');
  });

  it('goes back to the start of login without a user name', async () => {
    factorSession(selection, { userName: null });
    renderAt(<FactorSelectionScreen />, paths.factorSelection);
    await waitFor(() => expect(location()).toBe(paths.direct));
  });
});
