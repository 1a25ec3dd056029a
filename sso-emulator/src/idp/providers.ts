import type { EmulatorContext } from '../context.js';
import type { User } from '../state/model.js';

/** An identity provider the emulator's IdP page stands in for. */
export interface IdentityProvider {
  /** The suffix of its factor code, e.g. 'corp'; the relying party names it with `idp=corp`. */
  id: string;
  /** Its factor code, e.g. 'IDP/corp'. */
  factor: string;
  /** Its display name (a user's customFactorOptions label), else the id. */
  name: string;
}

/** Every provider named by an `IDP/<id>` step of the users, by id. */
export function identityProviders(ctx: EmulatorContext): Map<string, IdentityProvider> {
  const providers = new Map<string, IdentityProvider>();
  for (const user of ctx.state.users.values()) {
    for (const factor of user.steps.flat()) {
      const [base, id] = factor.split('/');
      if (base !== 'IDP' || !id) continue;
      const name = user.customFactorOptions?.[factor] ?? providers.get(id)?.name ?? id;
      providers.set(id, { id, factor, name });
    }
  }
  return providers;
}

/** The provider with this factor code, if the emulator knows it. */
export function providerOfFactor(ctx: EmulatorContext, factor: string): IdentityProvider | undefined {
  return [...identityProviders(ctx).values()].find((provider) => provider.factor === factor);
}

/**
 * The accounts a provider can vouch for in discovery: active users whose first step is (or offers)
 * this provider, so its answer completes that step.
 */
export function federatedUsers(ctx: EmulatorContext, provider: IdentityProvider): User[] {
  return [...ctx.state.users.values()].filter(
    (user) => user.status === 'ACTIVE' && !user.denied && (user.steps[0] ?? []).includes(provider.factor),
  );
}
