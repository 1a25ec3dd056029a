import { DEFAULT_RISK_TYPE, RISK_TYPES, type RiskType } from '../constants';
import { messages } from '../messages/en_US';
import { storedRiskType } from '../storage/localStore';
import { riskTypeAtom } from './atoms';
import type { PortalStore } from './store';

export function isRiskType(value: unknown): value is RiskType {
  return typeof value === 'string' && (RISK_TYPES as readonly string[]).includes(value);
}

/**
 * The risk type from configuration, else the one saved in local storage, else RSARISK.
 * A configured value that is not a known risk type is ignored with the console message of
 * spec section 8 and the default kept.
 */
export function resolveRiskType(configured: string | null | undefined, stored: RiskType | null): RiskType {
  if (configured !== null && configured !== undefined && configured !== '') {
    if (isRiskType(configured)) return configured;
    console.warn(messages.errors.invalidRiskType({ riskType: configured }));
    return DEFAULT_RISK_TYPE;
  }
  return stored ?? DEFAULT_RISK_TYPE;
}

/** Resolves the risk type at start-up, puts it in the store and saves the choice. */
export function applyRiskType(store: PortalStore, configured: string | null | undefined): RiskType {
  const riskType = resolveRiskType(configured, storedRiskType.read());
  store.set(riskTypeAtom, riskType);
  storedRiskType.write(riskType);
  return riskType;
}
