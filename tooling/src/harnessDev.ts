import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContributionsInput } from '@portal/contributions/schema';
import type { DevServerProxyConfigArrayItem } from '@rspack/core';

/**
 * What a remote's dev harness needs besides the remote (tooling/harness): the portal server
 * behind it, and what the harness index and its session set-up read from the remote.
 */

/** Where `npm start` runs the portal server (PORT 8080); PORTAL_URL points the harness elsewhere. */
export const DEFAULT_PORTAL_URL = 'http://localhost:8080';

/**
 * The harness page's own origin stands in for the portal's: its calls to `/v1/…` (environment,
 * client token, user token) and to the portal's proxy in front of the SSO go through the dev
 * server to the portal server, which holds the client secret; the secret never reaches the
 * browser. The portal server takes only its own origin's calls (security/sameOriginGuard), so the
 * dev server presents them as its origin's: the harness is a development tool on the developer's
 * machine, and the portal server refuses DEV_REMOTES-style development settings in production.
 */
export function portalProxy(portalUrl: string, proxyPath: string): DevServerProxyConfigArrayItem {
  const portalOrigin = new URL(portalUrl).origin;
  return {
    context: ['/v1/', proxyPath],
    target: portalOrigin,
    changeOrigin: true,
    on: {
      proxyReq: (proxyRequest) => {
        if (proxyRequest.getHeader('origin') !== undefined) proxyRequest.setHeader('origin', portalOrigin);
      },
    },
  };
}

/** A harness.json beside the remote's package.json: the fixture user that opens each factor-step route. */
export function readFactorUsers(remoteDir: string): Record<string, string> {
  const file = path.join(remoteDir, 'harness.json');
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const users =
    parsed !== null && typeof parsed === 'object' && 'factorUsers' in parsed ? parsed.factorUsers : undefined;
  if (users === null || typeof users !== 'object')
    throw new Error(`${file}: { "factorUsers": { "/path": "user" } }`);
  const entries = Object.entries(users);
  for (const [route, user] of entries) {
    if (typeof user !== 'string') throw new Error(`${file}: factorUsers["${route}"] must be a user name`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The values the harness is built with (its DefinePlugin). */
export function harnessDefines(
  name: string,
  exposes: Record<string, string>,
  contributions: ContributionsInput,
  factorUsers: Record<string, string>,
): Record<string, string> {
  const routes = (contributions.routes ?? []).map(({ path: route, guard, expose, title }) => ({
    path: route,
    guard,
    expose,
    title,
  }));
  const passwordPaths = (contributions.nextActions ?? []).flatMap((claim) =>
    claim.action === 'PASSWORD_AUTH' && 'path' in claim ? [claim.path] : [],
  );
  return {
    __HARNESS_REMOTE__: JSON.stringify(name),
    __HARNESS_EXPOSES__: JSON.stringify(Object.keys(exposes)),
    __HARNESS_ROUTES__: JSON.stringify(routes),
    __HARNESS_PASSWORD_PATHS__: JSON.stringify(passwordPaths),
    __HARNESS_FACTOR_USERS__: JSON.stringify(factorUsers),
    __HARNESS_CONTRIBUTIONS__: JSON.stringify(contributions),
  };
}
