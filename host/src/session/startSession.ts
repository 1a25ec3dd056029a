import { api } from '@portal/shared/api/client';
import { clientTransactionIdAtom, serviceUrlAtom } from '@portal/shared/session/atoms';
import { applyRiskType } from '@portal/shared/session/riskType';
import type { PortalStore } from '@portal/shared/session/store';
import { resolveTransactionId } from '@portal/shared/session/transactionId';

/**
 * Start-up of the session state every screen relies on: the client transaction id (from the
 * address, else a fresh one), then the service URL and risk type from the environment
 * configuration. A failure is reported to the console by the caller (spec section 8); the screens
 * that need the service then show their own error with a way on.
 */
export async function startSession(store: PortalStore): Promise<void> {
  const transaction = resolveTransactionId(window.location.search);
  if (transaction.error) console.warn(`[portal] X-CLIENT-TRANSACTION-ID: ${transaction.error}`);
  store.set(clientTransactionIdAtom, transaction.id);

  const environment = await api.loadEnvironment();
  if (!environment.ok) {
    applyRiskType(store, null);
    throw new Error(`environment configuration: ${environment.error.message}`);
  }
  store.set(serviceUrlAtom, environment.data.baseServiceUrl);
  applyRiskType(store, environment.data.riskType);
}
