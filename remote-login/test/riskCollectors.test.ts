import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackFingerprint } from '../src/userId/fingerprint';
import {
  collectDeviceData,
  registerRiskCollector,
  vendorGlobalCollector,
} from '../src/userId/riskCollectors';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(globalThis, 'encode_deviceprint');
});

describe('risk collectors', () => {
  it('uses a vendor global when present, at once', async () => {
    Object.assign(globalThis, { encode_deviceprint: () => 'rsa-print' });
    await expect(collectDeviceData('RSARISK')).resolves.toBe('rsa-print');
  });

  it('falls back to the fingerprint after 500 ms without a vendor', async () => {
    vi.useFakeTimers();
    let value: string | null = null;
    void collectDeviceData('AARISK', { fallback: () => 'fallback' }).then((data) => {
      value = data;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(value).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toBe('fallback');
  });

  it('a registered collector replaces the global lookup, and can be removed', async () => {
    const remove = registerRiskCollector('IARISK', () => 'plugged');
    await expect(collectDeviceData('IARISK')).resolves.toBe('plugged');
    remove();
    vi.useFakeTimers();
    const pending = collectDeviceData('IARISK', { fallback: () => 'fallback' });
    await vi.advanceTimersByTimeAsync(500);
    await expect(pending).resolves.toBe('fallback');
  });

  it('a throwing or empty vendor global is ignored', () => {
    const scope = {
      broken: () => {
        throw new Error('x');
      },
      empty: () => '',
    };
    expect(vendorGlobalCollector('broken', scope)()).toBeNull();
    expect(vendorGlobalCollector('empty', scope)()).toBeNull();
    expect(vendorGlobalCollector('missing', scope)()).toBeNull();
  });

  it('the fallback fingerprint describes the browser as URL-encoded fields', () => {
    const print = fallbackFingerprint({
      navigator: { userAgent: 'UA', language: 'en-US', hardwareConcurrency: 4, platform: 'Linux' },
      screen: { width: 800, height: 600, colorDepth: 24 },
      timeZone: 'Europe/Paris',
      timezoneOffset: -60,
    });
    expect(Object.fromEntries(new URLSearchParams(print))).toEqual({
      version: '1',
      ua: 'UA',
      lang: 'en-US',
      platform: 'Linux',
      cores: '4',
      screen: '800x600x24',
      tz: 'Europe/Paris',
      tzoffset: '-60',
    });
  });
});
