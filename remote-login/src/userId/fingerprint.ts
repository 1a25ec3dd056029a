/**
 * The fallback device fingerprint (spec section 3, 'Device data by risk type'; section 9,
 * 'Fallback fingerprint delay'): used when no risk vendor's collector is on the page. It
 * describes the browser the way the vendors' device prints do (user agent, language, screen,
 * time zone, platform), as a URL-encoded string the service can store and compare.
 */

export interface FingerprintSource {
  navigator: Pick<Navigator, 'userAgent' | 'language' | 'hardwareConcurrency'> & { platform?: string };
  screen: Pick<Screen, 'width' | 'height' | 'colorDepth'> | undefined;
  timeZone: string;
  timezoneOffset: number;
}

function defaultSource(): FingerprintSource {
  return {
    navigator: globalThis.navigator,
    screen: globalThis.screen,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    timezoneOffset: new Date().getTimezoneOffset(),
  };
}

export function fallbackFingerprint(source: FingerprintSource = defaultSource()): string {
  const { navigator: nav, screen } = source;
  const fields: [string, string][] = [
    ['version', '1'],
    ['ua', nav.userAgent ?? ''],
    ['lang', nav.language ?? ''],
    ['platform', nav.platform ?? ''],
    ['cores', String(nav.hardwareConcurrency ?? '')],
    ['screen', screen ? `${screen.width}x${screen.height}x${screen.colorDepth}` : ''],
    ['tz', source.timeZone],
    ['tzoffset', String(source.timezoneOffset)],
  ];
  return new URLSearchParams(fields).toString();
}
