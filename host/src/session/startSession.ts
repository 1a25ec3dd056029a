import { api, type Environment, EnvironmentSchema } from '@portal/shared/transport';
import {
  clientTransactionIdAtom,
  serviceUrlAtom,
  ssoUrlAtom,
  revokeReplacedSignIns,
  applyRiskType,
  type PortalStore,
  resolveTransactionId,
} from '@portal/shared/session';
import * as v from 'valibot';
import { offersPseudoLocales, pseudoLocalesOfferedAtom } from '../shell/pseudoLocales';

/**
 * The reply limits of the fields read here (docs/contracts.md, "Reply size limits"): the block
 * is not read by the transport, which applies them to the fetched environment.
 */
const ADDRESS_LIMIT = 4096;
const LABEL_LIMIT = 256;

function overLimits(environment: Environment): boolean {
  return (
    environment.baseServiceUrl.length > ADDRESS_LIMIT ||
    (environment.ssoUrl?.length ?? 0) > ADDRESS_LIMIT ||
    (environment.riskType?.length ?? 0) > LABEL_LIMIT
  );
}

/** The environment handed over in the page, parsed like the reply of the call it replaces. */
function givenEnvironment(given: unknown): Environment | null {
  if (given === undefined) return null;
  const parsed = v.safeParse(EnvironmentSchema, given);
  if (parsed.success && overLimits(parsed.output)) {
    console.warn('[portal] start-up environment ignored: over its size limits');
    return null;
  }
  if (parsed.success) return parsed.output;
  console.warn(`[portal] start-up environment ignored: ${v.summarize(parsed.issues)}`);
  return null;
}

/**
 * Start-up of the session state every screen relies on: the client transaction id (from the
 * address, else a fresh one), then the service URL and risk type from the environment
 * configuration: the one the portal server wrote into the page, else GET v1/config/environment.
 * A failure is reported to the console by the caller (spec section 8); the screens that need the
 * service then show their own error with a way on. From then on a new sign-in in this page
 * revokes the one it replaces (its refresh handle: one cookie per sign-in).
 */
export async function startSession(store: PortalStore, given?: unknown): Promise<void> {
  revokeReplacedSignIns(store, (handle) => api.revokeToken(handle));
  const transaction = resolveTransactionId(window.location.search);
  if (transaction.error) console.warn(`[portal] X-CLIENT-TRANSACTION-ID: ${transaction.error}`);
  store.set(clientTransactionIdAtom, transaction.id);

  let environment = givenEnvironment(given);
  if (!environment) {
    const reply = await api.loadEnvironment();
    if (!reply.ok) {
      applyRiskType(store, null);
      throw new Error(`environment configuration: ${reply.error.message}`);
    }
    environment = reply.data;
  }
  store.set(serviceUrlAtom, environment.baseServiceUrl);
  store.set(ssoUrlAtom, environment.ssoUrl ?? null);
  store.set(pseudoLocalesOfferedAtom, offersPseudoLocales(environment));
  applyRiskType(store, environment.riskType);
}
