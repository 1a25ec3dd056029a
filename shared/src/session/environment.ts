import type { Environment } from '../api/schemas';
import { serviceUrlAtom } from '@portal/shared/session/atoms';
import { applyRiskType } from './riskType';
import type { PortalStore } from '@portal/shared/session/store';

/** Puts the start-up environment configuration (service URL, risk type) into the store. */
export function applyEnvironment(store: PortalStore, environment: Environment): void {
  // Paths are appended to the base, so it must end with '/'.
  const base = environment.baseServiceUrl;
  store.set(serviceUrlAtom, base.endsWith('/') ? base : `${base}/`);
  applyRiskType(store, environment.riskType);
}
