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
  radioDescriptions,
  radioNames,
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
  it('lists the factors as cards with their labels and descriptions, grouped under visible titles; Select waits for a choice', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Factor Selection' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Select an authentication method' })).toBeTruthy();
    expect(radioNames()).toEqual([
      'Text message (SMS)',
      'Email',
      'Mobile Authenticator',
      'Push notification',
      'Biometric',
      'RSA SecurID',
      'Corporate SSO',
    ]);
    expect(radioDescriptions()).toEqual([
      'Get a code by text message.',
      'Get a code by email.',
      'Enter the code your authenticator app shows.',
      'Approve a request in the app on your phone.',
      'Use your fingerprint or face on this device.',
      'Enter your PIN and the code on your token.',
      '',
    ]);
    // Each radio is found by its name alone (the description is read after it).
    expect(screen.getByRole('radio', { name: 'Push notification' })).toBeTruthy();
    // The names the server gave are isolated (shown as sent, in their own direction); ours are not.
    const isolated = screen
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.querySelector('bdi')?.textContent ?? null);
    expect(isolated).toEqual([null, null, null, null, null, 'RSA SecurID', 'Corporate SSO']);
    // Related factors under their group's visible title; the rest after them under 'Other ways'.
    const group = (name: string) => screen.getByRole('group', { name });
    expect(radioNames(group('A code sent to you'))).toEqual(['Text message (SMS)', 'Email']);
    expect(radioNames(group('The app on your phone'))).toEqual(['Mobile Authenticator', 'Push notification']);
    expect(radioNames(group('Other ways'))).toEqual(['Biometric', 'RSA SecurID', 'Corporate SSO']);
    expect(screen.getByText('A code sent to you')).toBeTruthy();
    // Every card has its drawing.
    expect(
      screen.getAllByRole('radio').map((radio) => Boolean(radio.closest('label')?.querySelector('svg'))),
    ).toEqual(Array(7).fill(true));
    const remember = screen.getByRole('checkbox', { name: 'Remember my choice' });
    expect(remember).toHaveProperty('checked', false);
    // The spec's tooltip is the box's visible hint, and its description.
    const hint = screen.getByText(
      'The selected authentication factor will be saved for future logins with your account.',
    );
    expect(remember.getAttribute('aria-describedby')).toBe(hint.id);
    const select = screen.getByRole('button', { name: 'Select' });
    expect(select).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(select).toHaveProperty('disabled', false);
  });

  it('shows no group titles when no related factors are offered together', () => {
    show({ ...selection, currentFactors: ['SMSOTP', 'PUSH', 'CUSTOM/securid'] });
    expect(radioNames()).toEqual(['Text message (SMS)', 'Push notification', 'RSA SecurID']);
    expect(
      screen
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label') ?? group.querySelector('legend')?.textContent),
    ).toEqual(['Select an authentication method']);
  });

  it('offers a factor another live remote contributes, in the group it names, with no change here', () => {
    const hardwareRemote = remoteContributions('remote_hardware', {
      version: 1,
      routes: [{ path: '/hardware-key', guard: 'C', expose: './HardwareKey', title: 'Hardware key' }],
      nextActions: [{ action: 'HARDWAREKEY_AUTH', path: '/hardware-key' }],
      factors: [{ code: 'HARDWAREKEY', label: 'Hardware key', group: 'otp' }],
    });
    show({ ...selection, currentFactors: ['SMSOTP', 'HARDWAREKEY', 'PUSH'] });
    expect(radioNames()).toEqual(['Text message (SMS)', 'Push notification']);
    // The hardware-key remote goes live: the list follows the contributions.
    act(() => liveContributions([signInRemote, hardwareRemote]));
    expect(radioNames()).toEqual(['Text message (SMS)', 'Hardware key', 'Push notification']);
    expect(radioNames(screen.getByRole('group', { name: 'A code sent to you' }))).toEqual([
      'Text message (SMS)',
      'Hardware key',
    ]);
    // A factor whose contribution names no drawing gets the shield.
    expect(
      screen.getByRole('radio', { name: 'Hardware key' }).closest('label')?.querySelector('svg'),
    ).toBeTruthy();
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
