import type { ApiResult } from '@portal/shared/api/result';
import type { AuthReply } from '@portal/shared/api/schemas';
import { messages } from '@portal/shared/messages/en_US';
import { FLOW_STATE_PARAM } from '@portal/shared/routes/queryParams';
import type { IdpData } from '@portal/shared/storage/sessionStore';

/**
 * What /idpComplete does with the provider's hand-back (spec section 4, 'Identity provider'
 * steps 2 to 5), as a pure decision so each branch and message can be tested.
 */
export type IdpReturnStep =
  /** Route this reply on (AUTH_ALLOWED kept from before, or the re-authentication's reply). */
  | { kind: 'route'; reply: AuthReply }
  /** Re-authenticate with this flow state and no user name (discovery). */
  | { kind: 'reauthenticate'; flowState: string }
  | { kind: 'fail'; message: string };

export interface IdpReturnInput {
  search: string;
  /** The saved identity-provider data, null when absent or unreadable. */
  saved: IdpData | null;
  /** Whether something was saved at all (to tell unreadable from absent). */
  savedPresent: boolean;
}

export function idpReturnStep({ search, saved, savedPresent }: IdpReturnInput): IdpReturnStep {
  const params = new URLSearchParams(search);
  if (params.get('isIDP') !== 'true') return { kind: 'fail', message: messages.idp.unexpectedResponse };
  if (savedPresent && !saved) return { kind: 'fail', message: messages.idp.unableToParse };
  if (saved?.nextaction === 'AUTH_ALLOWED' && (saved.id_token || saved.authCompleteUrl))
    return { kind: 'route', reply: saved };
  const flowState = params.get(FLOW_STATE_PARAM);
  if (flowState) return { kind: 'reauthenticate', flowState };
  return { kind: 'fail', message: messages.idp.missingInformation };
}

/** The re-authentication's outcome: a reply to route, or 'Unable to locate user information…'. */
export function reauthenticationStep(result: ApiResult<AuthReply>): IdpReturnStep {
  if (!result.ok) return { kind: 'fail', message: messages.idp.userNotFound };
  const reply = result.data;
  const known = reply.userName || reply.username || reply.nextaction === 'AUTH_ALLOWED';
  return known ? { kind: 'route', reply } : { kind: 'fail', message: messages.idp.userNotFound };
}
