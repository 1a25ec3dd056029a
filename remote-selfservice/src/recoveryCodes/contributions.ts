import type { ContributionsInput } from '@portal/contributions/schema';

type Part = Required<Pick<ContributionsInput, 'calls'>>;

/**
 * Recovery codes' part of remote-selfservice's contributions (src/contributions.ts): the SSO
 * calls of the self-service section, which the portal's proxy passes only while a live build
 * names them.
 */
export const recoveryCodesContributions: Part = {
  calls: [
    { method: 'GET', path: 'factor/v1/MeRecoveryCodes' },
    { method: 'POST', path: 'factor/v1/MeRecoveryCodes' },
  ],
};
