import type { ApiResult, AuthReply } from '@portal/shared/transport';
import { messages } from '../messages';
import { FLOW_STATE_PARAM, IDP_RETURN_PARAM } from '@portal/shared/router';
import type { IdpData } from '@portal/shared/storage';

/**
 * What /idpComplete does with the provider's hand-back (spec section 4, 'Identity provider'
 * steps 2 to 5), as a pure decision so each branch and message can be tested.
 *
 * The hand-back's flow state is honoured only by the tab that went to the provider: the one whose
 * session storage holds the data /idp saved, for that same flow state. A hand-back address opened
 * anywhere else (sent by an attacker to sign the victim into the attacker's account, or replayed
 * from the history of a shared machine) is refused before any call: restart needed.
 * The saved data never holds a token (storage/sessionStore), so the spec's 'AUTH_ALLOWED with an
 * id_token' cannot be saved: the re-authentication with the flow state returns it fresh.
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

const fail = (message: string): IdpReturnStep => ({ kind: 'fail', message });

export function idpReturnStep({ search, saved, savedPresent }: IdpReturnInput): IdpReturnStep {
  const params = new URLSearchParams(search);
  if (params.get(IDP_RETURN_PARAM) !== 'true') return fail(messages.idp.unexpectedResponse);
  if (savedPresent && !saved) return fail(messages.idp.unableToParse);
  // Nothing saved: this tab never went to the provider.
  if (!saved) return fail(messages.idp.missingInformation);
  const flowState = params.get(FLOW_STATE_PARAM);
  // Another flow's hand-back: not the one this tab started.
  if (flowState !== null && flowState !== saved.flowState) return fail(messages.idp.unexpectedResponse);
  if (saved.nextaction === 'AUTH_ALLOWED' && saved.authCompleteUrl) return { kind: 'route', reply: saved };
  if (flowState) return { kind: 'reauthenticate', flowState };
  return fail(messages.idp.missingInformation);
}

/** The re-authentication's outcome: a reply to route, or 'Unable to locate user information…'. */
export function reauthenticationStep(result: ApiResult<AuthReply>): IdpReturnStep {
  if (!result.ok) return { kind: 'fail', message: messages.idp.userNotFound };
  const reply = result.data;
  const known = reply.userName || reply.username || reply.nextaction === 'AUTH_ALLOWED';
  return known ? { kind: 'route', reply } : { kind: 'fail', message: messages.idp.userNotFound };
}
