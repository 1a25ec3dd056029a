import { escapeHtml, page } from '../http/html.js';
import type { IdentityProvider } from './providers.js';

export const IDP_CONTINUE_PATH = '/_emulator/idp/continue';

export interface IdpPageInput {
  requestId: string;
  relayState: string;
  /** The user the transaction already names; absent in discovery, where the person says who they are. */
  userName?: string | undefined;
  /** Discovery: the provider, the accounts it can vouch for, and an error from the last try. */
  provider?: IdentityProvider | undefined;
  accounts?: readonly string[];
  error?: string | undefined;
  /** Discovery: what the person typed last time, kept in the field. */
  typed?: string | undefined;
}

/** The emulator's identity-provider page (no scripts): Continue, or in discovery a user name first. */
export function idpPage(input: IdpPageInput): string {
  const e = escapeHtml;
  const portal = `<span class="idp-portal">${e(new URL(input.relayState).origin)}</span>`;
  const hidden = `<input type="hidden" name="requestId" value="${e(input.requestId)}">
<input type="hidden" name="RelayState" value="${e(input.relayState)}">`;
  if (input.userName !== undefined) {
    return page(
      'Example Identity Provider',
      `<h1>Example Identity Provider</h1>
<p>Signing in <strong>${e(input.userName)}</strong> for ${portal}.</p>
<form method="POST" action="${IDP_CONTINUE_PATH}">
${hidden}
<button type="submit">Continue</button>
</form>`,
    );
  }
  const accounts = (input.accounts ?? []).map((name) => `<code>${e(name)}</code>`).join(', ');
  return page(
    'Example Identity Provider',
    `<h1>Example Identity Provider</h1>
<p>Sign in with <strong>${e(input.provider?.name ?? 'the identity provider')}</strong> for ${portal}.</p>
${input.error ? `<p id="idp-error" role="alert"><strong>${e(input.error)}</strong></p>` : ''}
<form method="POST" action="${IDP_CONTINUE_PATH}">
${hidden}
<p><label for="idp-user-name">User name</label>
<input id="idp-user-name" name="userName" type="text" value="${e(input.typed ?? '')}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus${input.error ? ' aria-invalid="true" aria-describedby="idp-error"' : ''}></p>
<button type="submit">Continue</button>
</form>
<p>Accounts at this provider: ${accounts || '<em>none</em>'}.</p>`,
  );
}
