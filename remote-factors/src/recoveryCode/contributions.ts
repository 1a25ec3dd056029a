import type { ContributionsInput } from '@portal/contributions/schema';
import { messages } from '../messages';

type Part = Required<Pick<ContributionsInput, 'routes' | 'nextActions' | 'factors' | 'calls'>>;

/**
 * The recovery-code factor's part of remote-factors' contributions (src/contributions.ts): its
 * screen, the next action that opens it, its entry on factor selection and its one SSO call, counted per user.
 */
export const recoveryCodeContributions: Part = {
  routes: [
    {
      path: '/recovery-code',
      guard: 'C',
      expose: './RecoveryCode',
      title: messages.recoveryCode.title,
      likelyNext: ['/welcome'],
    },
  ],
  nextActions: [{ action: 'RECOVERYCODE_AUTH', path: '/recovery-code' }],
  factors: [
    {
      code: 'RECOVERYCODE',
      label: messages.factorLabels.RECOVERYCODE,
      icon: 'recovery',
      description: messages.factorDescriptions.RECOVERYCODE,
    },
  ],
  // It tries a secret: the portal server counts it per user (the contributions schema's triesSecret).
  calls: [{ method: 'POST', path: 'factor/v1/RecoveryCodeAuthenticator', triesSecret: true }],
};
