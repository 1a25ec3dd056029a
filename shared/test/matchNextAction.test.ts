import { describe, expect, it } from 'vitest';
import { matchNextAction } from '../src/flow/matchNextAction';

describe('matchNextAction', () => {
  const claims = [
    { action: 'RECOVERYCODE_*', path: '/recovery-code' },
    { action: 'RECOVERYCODE_AUTH', path: '/recovery-code/enter' },
    { action: 'CUSTOM_AUTH', path: '/custom' },
    { action: 'CUSTOM_AUTH', when: { additional: 'customFlowId', equals: 'securid' }, path: '/securid' },
  ] as const;

  it('prefers an exact action to a prefix, and a holding condition to none', () => {
    expect(matchNextAction(claims, 'RECOVERYCODE_AUTH', {})?.path).toBe('/recovery-code/enter');
    expect(matchNextAction(claims, 'RECOVERYCODE_REGISTER', {})?.path).toBe('/recovery-code');
    expect(matchNextAction(claims, 'CUSTOM_AUTH', { additional: { customFlowId: 'securid' } })?.path).toBe(
      '/securid',
    );
    expect(matchNextAction(claims, 'CUSTOM_AUTH', { additional: { customFlowId: 'other' } })?.path).toBe(
      '/custom',
    );
  });

  it('finds nothing for an action nobody claims', () => {
    expect(matchNextAction(claims, 'SMS_OTP_AUTH', {})).toBeUndefined();
    expect(matchNextAction(claims, 'RECOVERYCODE', {})).toBeUndefined();
  });
});
