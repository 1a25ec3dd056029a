/** The development defaults a production deploy must never fall back to. */
export const DEV_SSO_BASE_URL = 'http://localhost:8090/default/';
export const DEV_SSO_CLIENT_SECRET = 'portal-dev-secret';

/** Settings holding a list of origins; in production each origin must be https. */
const ORIGIN_LISTS = ['REMOTE_ORIGINS', 'IDP_ORIGINS', 'EMBED_ORIGINS', 'EXTRA_SCRIPT_ORIGINS'] as const;
type OriginListName = (typeof ORIGIN_LISTS)[number];

/** The values the production rules look at, as set (undefined = unset or empty). */
export interface ProductionInputs extends Partial<Record<OriginListName, readonly string[]>> {
  SSO_BASE_URL?: string | undefined;
  SERVICE_URL?: string | undefined;
  SSO_CLIENT_SECRET?: string | undefined;
  PUBLIC_ORIGIN?: string | undefined;
  TRUSTED_TYPES?: string | undefined;
  /** TOKEN_SEALING_KEYS was given (every instance must seal with the same keys). */
  tokenSealingKeysSet: boolean;
  /** AUDIT_PSEUDONYM_KEY was given (the audit trail's user keys must agree across instances and restarts). */
  auditPseudonymKeySet?: boolean;
  /** DEV_REMOTES names at least one remote (a development server). */
  devRemotesSet?: boolean;
  /** PSEUDO_LOCALES=on (the picker offers the test pseudo-locales). */
  pseudoLocalesOn?: boolean;
  /** METRICS is on and METRICS_PORT unset: /metrics and /dependencies would be on the public port. */
  operatorsOnPublicPort?: boolean;
}

const isHttps = (value: string) => new URL(value).protocol === 'https:';

/**
 * With NODE_ENV=production the server fails closed: a deploy that forgot a variable must not run
 * against a local SSO with the development secret, load code or frames from plain-http origins, or
 * turn Trusted Types off. Returns one message per problem, each naming its variable in the same
 * form as the other configuration errors.
 */
export function productionProblems(inputs: ProductionInputs): string[] {
  const problems: string[] = [];
  const problem = (name: string, message: string) =>
    problems.push(`Invalid environment variable ${name}: ${message} (NODE_ENV=production)`);

  if (inputs.SSO_BASE_URL === undefined) {
    problem('SSO_BASE_URL', `must be set to the SSO's https tenant URL, not left to ${DEV_SSO_BASE_URL}`);
  } else if (!isHttps(inputs.SSO_BASE_URL)) {
    problem('SSO_BASE_URL', 'must be an https URL');
  }
  if (inputs.SERVICE_URL !== undefined && !isHttps(inputs.SERVICE_URL)) {
    problem('SERVICE_URL', 'must be an https URL');
  }
  if (inputs.SSO_CLIENT_SECRET === undefined) {
    problem('SSO_CLIENT_SECRET', 'must be set to the client secret registered at the SSO');
  } else if (inputs.SSO_CLIENT_SECRET === DEV_SSO_CLIENT_SECRET) {
    problem('SSO_CLIENT_SECRET', 'must not be the development secret');
  }
  if (inputs.PUBLIC_ORIGIN === undefined) {
    problem('PUBLIC_ORIGIN', "must be set to the portal's https origin as browsers see it");
  } else if (!isHttps(inputs.PUBLIC_ORIGIN)) {
    problem('PUBLIC_ORIGIN', 'must be an https origin');
  }
  for (const name of ORIGIN_LISTS) {
    const plain = (inputs[name] ?? []).filter((origin) => !isHttps(origin));
    if (plain.length > 0) problem(name, `every origin must be https (not ${plain.join(', ')})`);
  }
  if (inputs.TRUSTED_TYPES === 'off') {
    problem('TRUSTED_TYPES', 'must be enforce or report-only: off leaves DOM XSS sinks unguarded');
  }
  if (!inputs.tokenSealingKeysSet) {
    problems.push(
      'Missing environment variable TOKEN_SEALING_KEYS: production needs the key(s) that seal refresh tokens (openssl rand -base64 32), the same on every instance',
    );
  }
  if (inputs.auditPseudonymKeySet === false) {
    problems.push(
      "Missing environment variable AUDIT_PSEUDONYM_KEY: production needs the key of the audit trail's user keys (openssl rand -base64 32), the same on every instance",
    );
  }
  if (inputs.devRemotesSet) {
    problems.push(
      'Invalid environment variable DEV_REMOTES: must not be set (NODE_ENV=production): it runs remotes from development servers, vouched for by nobody',
    );
  }
  if (inputs.pseudoLocalesOn) {
    problems.push(
      'Invalid environment variable PSEUDO_LOCALES: must be off (NODE_ENV=production): the pseudo-locales are for tests, not for users',
    );
  }
  if (inputs.operatorsOnPublicPort) {
    problems.push(
      "Missing environment variable METRICS_PORT: production serves /metrics, /dependencies and /canary-stats only on the operators' port (METRICS_PORT, bound to METRICS_HOST), never on the public one; set it, or METRICS=off to collect no metrics",
    );
  }
  return problems;
}

/**
 * A forgotten NODE_ENV must not mean development: a server whose public origin is https is a
 * deployment, so NODE_ENV must say which rules it runs under. An explicit NODE_ENV=development
 * (or any other value) is a choice and is allowed (e.g. a developer behind an https tunnel).
 */
export function missingNodeEnvProblem(inputs: {
  NODE_ENV?: string | undefined;
  PUBLIC_ORIGIN?: string | undefined;
}): string | undefined {
  if (inputs.NODE_ENV !== undefined || inputs.PUBLIC_ORIGIN === undefined || !isHttps(inputs.PUBLIC_ORIGIN)) {
    return undefined;
  }
  return `Missing environment variable NODE_ENV: PUBLIC_ORIGIN is https (${inputs.PUBLIC_ORIGIN}), so this is a deployment; set NODE_ENV=production (or NODE_ENV=development to run the development defaults on purpose)`;
}
