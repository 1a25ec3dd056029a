import type { AuthReply } from '@portal/shared/transport';
import { ownValue } from '@portal/shared/config';

/** What a CustomAuthenticator reply's data.status means (spec section 4, custom token-code factor). */
export type CustomOutcome = 'invalid' | 'terminate' | 'route';

const STATUS_OUTCOMES: Readonly<Record<string, CustomOutcome>> = {
  Reject: 'invalid',
  Terminate: 'terminate',
};

export function customOutcome(reply: AuthReply): CustomOutcome {
  const status = reply.data?.status;
  return (status ? ownValue(STATUS_OUTCOMES, status) : undefined) ?? 'route';
}
