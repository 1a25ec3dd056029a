import type { AuthReply } from '@portal/shared/transport';
import { boundedText } from '@portal/shared/ui';
import { ownValue } from '@portal/shared/config';

/**
 * The provider's display name from the IDP_AUTH reply ('IDP/corp' in customFactorOptions), if any,
 * bounded for display (it is the server's string, shown in 'Connecting to …' and kept for the return).
 */
export function providerNameOf(reply: AuthReply | null): string | undefined {
  const options = reply?.customFactorOptions;
  if (!options) return undefined;
  const code = reply.currentFactors?.find((factor) => factor.startsWith('IDP')) ?? undefined;
  const label = code ? ownValue(options, code) : undefined;
  const name = label ? cleanIdpLabel(label) : '';
  return name ? boundedText(name) : undefined;
}

/** 'Acme SSO - Internal' and 'Acme SSO Internal' → 'Acme SSO' (spec section 4, factor names). */
function cleanIdpLabel(label: string): string {
  return label.replace(/\s*(?:-\s*)?Internal\s*$/, '').trim();
}
