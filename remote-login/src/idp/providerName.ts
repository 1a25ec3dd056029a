import type { AuthReply } from '@portal/shared/api/schemas';
import { cleanIdpLabel } from '@portal/shared/flow/factors';
import { ownValue } from '@portal/shared/lookup';

/** The provider's display name from the IDP_AUTH reply ('IDP/corp' in customFactorOptions), if any. */
export function providerNameOf(reply: AuthReply | null): string | undefined {
  const options = reply?.customFactorOptions;
  if (!options) return undefined;
  const code = reply.currentFactors?.find((factor) => factor.startsWith('IDP')) ?? undefined;
  const label = code ? ownValue(options, code) : undefined;
  return label ? cleanIdpLabel(label) || undefined : undefined;
}
