import { api, defaultRpId } from '@portal/shared/transport';
import { readChallengeReply, fidoTypeOf, RequestOptionsSchema } from '@portal/shared/fido';
import { flowStateAtom, portalStore } from '@portal/shared/session';
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';

/** A passkey the user picked: its assertion, and the flow state of the challenge it answers. */
export interface PickedPasskey {
  assertion: AuthenticationResponseJSON;
  flowState: string | null;
  /** The relying party the challenge named (the Signal API's, when the SSO does not know the passkey). */
  rpId: string;
}

/**
 * The conditional WebAuthn request behind the User ID field's passkey suggestions. Loaded by
 * usePasskeyAutofill after the field is usable, so neither this module nor
 * @simplewebauthn/browser is on the first screen's critical path.
 *
 * Resolves with the assertion of the passkey the user picked, or null when there is nothing to
 * use: no conditional mediation in this browser, no usable challenge (the field still works, so
 * a failed convenience shows nothing), or the request was aborted (a typed User ID, leaving the
 * screen: `ERROR_CEREMONY_ABORTED` and AbortError are expected) or refused.
 */
export async function conditionalPasskeyAssertion(signal: AbortSignal): Promise<PickedPasskey | null> {
  if (!(await browserSupportsWebAuthnAutofill()) || signal.aborted) return null;
  // Spec section 7: userName only when known. Here it is not: the passkey will say who.
  const before = portalStore.get(flowStateAtom);
  const challenge = await api.fidoAuthChallenge('PASSKEY', null, { signal });
  // The client keeps the flow state of every reply; this one is kept aside for the passkey, so a
  // typed User ID goes on exactly as without autofill (in the page's own transaction, if any).
  const flowState = portalStore.get(flowStateAtom);
  portalStore.set(flowStateAtom, before);
  if (!challenge.ok || signal.aborted) return null;
  const found = readChallengeReply(challenge.data, fidoTypeOf('PASSKEY'), 'login', RequestOptionsSchema);
  if (!found.ok) return null;
  try {
    // The schema checked the fields the browser needs; the rest passes through as sent.
    const optionsJSON = found.options as unknown as PublicKeyCredentialRequestOptionsJSON;
    const assertion = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
    return signal.aborted ? null : { assertion, flowState, rpId: found.options.rpId ?? defaultRpId() };
  } catch {
    return null;
  }
}

/** Ends a pending conditional request (its promise then resolves null). */
export function cancelConditionalRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}
