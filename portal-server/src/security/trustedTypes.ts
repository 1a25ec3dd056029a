import type { TrustedTypesMode } from '../env/envValues.js';

/**
 * Trusted Types: every string a script writes to an HTML, script or script-URL sink must pass the
 * page's one policy, the default policy the host creates at start-up
 * (host/src/security/trustedTypesPolicy.ts: script URLs only from the host's files and the release
 * folders; HTML only into the inert template; script text never). No other policy may be created.
 */
export const TRUSTED_TYPES_DIRECTIVES = [
  "require-trusted-types-for 'script'",
  'trusted-types default',
] as const;

export interface TrustedTypesHeaders {
  /** Added to Content-Security-Policy when enforced. */
  enforced: readonly string[];
  /** The whole Content-Security-Policy-Report-Only value when only reported; undefined otherwise. */
  reportOnly: string | undefined;
}

/** TRUSTED_TYPES=enforce | report-only | off → where the directives go. */
export function trustedTypesHeaders(
  mode: TrustedTypesMode,
  report: { reportUri: string; reportToGroup: string },
): TrustedTypesHeaders {
  switch (mode) {
    case 'enforce':
      return { enforced: TRUSTED_TYPES_DIRECTIVES, reportOnly: undefined };
    case 'report-only':
      return {
        enforced: [],
        reportOnly: [
          ...TRUSTED_TYPES_DIRECTIVES,
          `report-uri ${report.reportUri}`,
          `report-to ${report.reportToGroup}`,
        ].join('; '),
      };
    case 'off':
      return { enforced: [], reportOnly: undefined };
  }
}
