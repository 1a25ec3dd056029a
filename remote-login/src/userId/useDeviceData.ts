import { collectDeviceData } from './riskCollectors';
import type { RiskType } from '@portal/shared/config';
import { useEffect, useRef } from 'react';

/**
 * Starts collecting device data as soon as the User ID page shows (the vendor's collector, else
 * the fallback fingerprint after 500 ms) and hands out the same promise to every submit.
 */
export function useDeviceData(riskType: RiskType): () => Promise<string> {
  const pending = useRef<{ riskType: RiskType; data: Promise<string> } | null>(null);
  const get = () => {
    if (pending.current?.riskType !== riskType) {
      pending.current = { riskType, data: collectDeviceData(riskType) };
    }
    return pending.current.data;
  };
  const getRef = useRef(get);
  getRef.current = get;
  useEffect(() => {
    void getRef.current();
  }, []);
  return get;
}
