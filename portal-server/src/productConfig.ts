import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describeIssues } from './describeIssues.js';
import { httpUrlValue } from './env/envValues.js';

const phone = v.object({
  region: v.pipe(v.string(), v.minLength(1)),
  number: v.pipe(v.string(), v.minLength(1)),
});

const httpUrl = httpUrlValue;

/** A banner title: one short line of plain text (the page renders it as text, never as HTML). */
export const USER_INFO_TITLE_MAX = 60;
const bannerTitle = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(USER_INFO_TITLE_MAX, `must be at most ${USER_INFO_TITLE_MAX} characters`),
  v.regex(/^[^\p{Cc}]*$/u, 'must be one line without control characters'),
);

/** WebAuthn hints, in the order the browser should prefer them (each at most once). */
const WEBAUTHN_HINTS = ['security-key', 'client-device'] as const;
const webAuthnHints = v.pipe(
  v.array(v.picklist(WEBAUTHN_HINTS)),
  v.check((hints) => new Set(hints).size === hints.length, 'must not repeat a hint'),
);

/** The product configuration the SPA reads from GET /v1/config/portal (audience, links, help content). */
export const ProductConfigSchema = v.strictObject({
  audience: v.picklist(['clients', 'employees']),
  allowUserReset: v.boolean(),
  disableBackButton: v.boolean(),
  forgotPasswordUrl: httpUrl,
  privacyStatementUrl: httpUrl,
  termsOfUseUrl: httpUrl,
  vendorAccessName: v.pipe(v.string(), v.minLength(1)),
  environmentName: v.pipe(v.string(), v.minLength(1)),
  tenantDisplayNames: v.strictObject({
    default: v.pipe(v.string(), v.minLength(1)),
    common: v.pipe(v.string(), v.minLength(1)),
  }),
  support: v.strictObject({
    email: v.pipe(v.string(), v.email()),
    phones: v.strictObject({
      clients: v.array(phone),
      employees: v.array(phone),
    }),
  }),
  /**
   * Spec section 2, Shell: 'If a title is given, the title is the clickable link instead' (of
   * 'Not {name}?' in the user-info banner). Per audience, like the help content; an audience
   * without one keeps 'Not {name}?'.
   */
  userInfoTitle: v.optional(
    v.strictObject({
      clients: v.optional(bannerTitle),
      employees: v.optional(bannerTitle),
    }),
  ),
  /**
   * Our rule (WCAG 2.2.1): the idle logout is announced this many seconds before it happens, with
   * a dialog offering to stay signed in; absent: 120. Between 10 s and 9 minutes (the idle timeout
   * is 10 minutes).
   */
  idleWarningSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(540))),
  /**
   * Our rule (the spec has no step-up): deleting all credentials, or the last of a type, asks for
   * the password first when the SSO offers step-up (its MeCreds reply says so); false keeps the
   * spec's plain confirmation. Absent: true.
   */
  stepUpBeforeDelete: v.optional(v.boolean()),
  /**
   * Our passkey settings (issue 27; the spec has none; the page reads them, shared
   * config/passkeySettings): the Signal API, the automatic upgrade after a password sign-in, and
   * the WebAuthn hints of passkey ceremonies per audience.
   */
  passkeys: v.optional(
    v.strictObject({
      signals: v.optional(v.boolean()),
      automaticUpgrade: v.optional(v.boolean()),
      hints: v.optional(
        v.strictObject({ clients: v.optional(webAuthnHints), employees: v.optional(webAuthnHints) }),
      ),
    }),
  ),
  serviceOrigins: v.optional(
    v.array(
      v.pipe(
        httpUrl,
        v.transform((value) => new URL(value).origin),
      ),
    ),
  ),
});

export type ProductConfig = v.InferOutput<typeof ProductConfigSchema>;

/** Every URL-valued setting, by its path in the file. */
function configuredUrls(config: ProductConfig): [string, string][] {
  return [
    ['forgotPasswordUrl', config.forgotPasswordUrl],
    ['privacyStatementUrl', config.privacyStatementUrl],
    ['termsOfUseUrl', config.termsOfUseUrl],
    ...(config.serviceOrigins ?? []).map((origin, index): [string, string] => [
      `serviceOrigins.${index}`,
      origin,
    ]),
  ];
}

export interface ReadProductConfigOptions {
  /** NODE_ENV=production: every URL and origin must be https. */
  httpsOnly?: boolean;
}

/** Reads and validates the product configuration file; the error says what is wrong and where. */
export function readProductConfig(file: string, options: ReadProductConfigOptions = {}): ProductConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = v.safeParse(ProductConfigSchema, raw);
  if (!parsed.success) throw new Error(`${file} is invalid: ${describeIssues(parsed.issues)}`);
  if (options.httpsOnly) {
    const plain = configuredUrls(parsed.output).filter(([, url]) => new URL(url).protocol !== 'https:');
    if (plain.length > 0) {
      const where = plain.map(([name, url]) => `${name} (${url})`).join(', ');
      throw new Error(`${file} is invalid: every URL must be https (NODE_ENV=production): ${where}`);
    }
  }
  return parsed.output;
}
