import type { AuthReply } from '@portal/shared/transport';
import { DISPLAY_TEXT_LIMIT } from '@portal/shared/ui';
import { paths } from '../src/paths';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FactorSelectionScreen } from '../src/factorSelection/FactorSelectionScreen';
import { PushScreen } from '../src/push/PushScreen';
import { factorSession, radioNames, renderAt, stubServer } from './harness';

/** A 1 MB device or factor name, as a broken or hostile reply could carry. */
const huge = 'D'.repeat(1024 * 1024);
const shown = `${'D'.repeat(DISPLAY_TEXT_LIMIT)}…`;

describe('server names on the factor screens are shown bounded', () => {
  it('the push device chooser and the accept message', async () => {
    stubServer({ 'factor/v1/PushGenerator': [{ body: { nextaction: 'PUSH_AUTH', data: {} } }] });
    const device = { credId: 'd1', credType: 'totp_push', credValue: huge, default: true };
    const reply: AuthReply = {
      nextaction: 'PUSH_SELECTION',
      currentFactors: ['PUSH'],
      credentials: [device, { ...device, credId: 'd2', default: false }],
    };
    factorSession(reply);
    renderAt(<PushScreen />, paths.push);
    expect(radioNames()[0]).toBe(`${shown} (Vendor push and OTP credential)`);
    await act(async () => {
      screen.getByRole('button', { name: 'Continue' }).click();
    });
    expect(screen.getByText(`Accept push request on your ${shown} to login.`)).toBeTruthy();
  });

  it('a custom factor name on factor selection', () => {
    factorSession({
      nextaction: 'FACTOR_SELECTION',
      currentFactors: ['PASSWORD', 'CUSTOM/big'],
      customFactorOptions: { 'CUSTOM/big': huge },
    });
    renderAt(<FactorSelectionScreen />, paths.factorSelection);
    expect(radioNames()).toContain(shown);
  });
});
