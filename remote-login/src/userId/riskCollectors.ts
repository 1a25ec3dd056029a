import { FINGERPRINT_DELAY_MS, type RiskType } from '@portal/shared/config';
import { fallbackFingerprint } from './fingerprint';

/**
 * Risk vendors' device-data collectors, pluggable (spec sections 3 and 4, 'Risk type'). A vendor
 * script, when the page is configured to load it, leaves a global function that returns the
 * vendor's device data; `registerRiskCollector` replaces the lookup for a risk type (tests,
 * another vendor build). Without a collector that answers, the fallback fingerprint is collected
 * after FINGERPRINT_DELAY_MS (500 ms), as the spec asks.
 */

/** Returns the vendor's device data, or null when the vendor is not in use. */
export type RiskCollector = () => string | null | undefined;

/** The global each vendor script defines (RSA's is the well-known `encode_deviceprint`). */
export const RISK_VENDOR_GLOBALS: Readonly<Record<RiskType, string>> = {
  IARISK: 'iaCollectAuthData',
  AARISK: 'aaCollectDeviceSignature',
  RSARISK: 'encode_deviceprint',
};

/** A collector that calls a vendor global when it exists and is a function. */
export function vendorGlobalCollector(name: string, scope: object = globalThis): RiskCollector {
  return () => {
    const candidate: unknown = Reflect.get(scope, name);
    if (typeof candidate !== 'function') return null;
    try {
      const value: unknown = candidate();
      return typeof value === 'string' && value !== '' ? value : null;
    } catch {
      // A broken vendor script must not stop sign-in: the fallback takes over.
      return null;
    }
  };
}

const registered = new Map<RiskType, RiskCollector>();

/** Plugs in a collector for a risk type (replaces the vendor-global lookup). */
export function registerRiskCollector(riskType: RiskType, collector: RiskCollector): () => void {
  registered.set(riskType, collector);
  return () => {
    if (registered.get(riskType) === collector) registered.delete(riskType);
  };
}

function collectorFor(riskType: RiskType): RiskCollector {
  return registered.get(riskType) ?? vendorGlobalCollector(RISK_VENDOR_GLOBALS[riskType]);
}

export interface CollectOptions {
  delayMs?: number;
  fallback?: () => string;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

/**
 * The device data for the authenticate request: the vendor's at once when its collector answers,
 * else the fallback fingerprint after the fallback delay.
 */
export function collectDeviceData(riskType: RiskType, options: CollectOptions = {}): Promise<string> {
  const vendor = collectorFor(riskType)();
  if (vendor) return Promise.resolve(vendor);
  const { delayMs = FINGERPRINT_DELAY_MS, fallback = fallbackFingerprint, setTimer = setTimeout } = options;
  return new Promise((resolve) => {
    setTimer(() => resolve(fallback()), delayMs);
  });
}
