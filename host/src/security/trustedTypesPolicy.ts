/**
 * The page's one Trusted Types policy (CSP `trusted-types default`), created before any script is
 * loaded: this module is imported by the entry (`src/index.ts`) ahead of its async boundary, so it
 * must not import `@portal/shared` (nothing shared is available yet) or anything large.
 *
 * It is the default policy because the code that adds `<script>` elements is not ours to change:
 * Rspack's chunk loader and the Module Federation runtime (host and every remote) assign plain
 * strings to `script.src`. The browser hands every such string to this policy:
 * - script URLs pass only from the host's own files (`/<file>.js`) and the release folders
 *   (`/remotes/<package>/<version>/…` on this origin, and the folder of each remote's manifest the
 *   page was given), so an injected URL cannot load a script from anywhere else;
 * - HTML passes only from the inert parse (`@portal/shared/security/trustedTypes`);
 * - script text (eval-like sinks) never passes.
 * A refused value is reported to /csp-report and, when enforced, the assignment throws.
 */

/** Must equal INERT_TEMPLATE_SINK of `@portal/shared/security/trustedTypes` (a test checks it). */
export const INERT_TEMPLATE_SINK = 'portal inert template';
export const POLICY_NAME = 'default';

/** The host build's files sit at the root of its origin: main.3f2a9c1d0e.js, 2314.ab12cd34ef.js. */
const HOST_FILE = /^\/[^/]+\.js$/;
/** A file inside a release folder served by the portal server: /remotes/<package>/<version>/… */
const RELEASE_FILE = /^\/remotes\/[^/]+\/[^/]+\/.+\.js$/;

/** Whether a script URL is one of the portal's: a host file or a file in a release folder. */
export function isAllowedScriptUrl(url: string, pageUrl: string, releaseFolders: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url, pageUrl);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username || target.password) return false;
  if (target.origin === new URL(pageUrl).origin) {
    if (HOST_FILE.test(target.pathname) || RELEASE_FILE.test(target.pathname)) return true;
  }
  return releaseFolders.some((folder) => target.href.startsWith(folder));
}

/**
 * The folders of the remotes' manifests and entries in the page's start-up block
 * (`<script type="application/json" id="portal-bootstrap">`, written by the portal server from
 * remotes.json): a remote on another origin (a developer's dev server) loads its scripts from there.
 */
export function bootstrapReleaseFolders(json: string | null | undefined, pageUrl: string): string[] {
  if (!json) return [];
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  const remotes = (data as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) return [];
  const folders = new Set<string>();
  for (const plan of Object.values(remotes)) {
    for (const key of ['manifest', 'entry'] as const) {
      const url = (plan as Record<string, unknown> | null)?.[key];
      if (typeof url !== 'string') continue;
      try {
        const folder = new URL('./', new URL(url, pageUrl));
        if (folder.protocol === 'https:' || folder.protocol === 'http:') folders.add(folder.href);
      } catch {
        // not a URL: nothing to allow
      }
    }
  }
  return [...folders];
}

interface PolicyRules {
  createScriptURL(input: string): string | null;
  createHTML(input: string, type?: unknown, sink?: unknown): string | null;
  createScript(input: string): string | null;
}

interface TrustedTypesFactory {
  defaultPolicy: unknown;
  createPolicy(name: string, rules: PolicyRules): unknown;
}

/** The rules of the policy, for the page at `pageUrl()` whose remotes live in `releaseFolders`. */
export function policyRules(pageUrl: () => string, releaseFolders: readonly string[]): PolicyRules {
  return {
    createScriptURL: (input) => {
      if (isAllowedScriptUrl(input, pageUrl(), releaseFolders)) return input;
      console.error(`[portal] Trusted Types: script URL refused (not a release folder): ${input}`);
      return null;
    },
    createHTML: (input, _type, sink) => (sink === INERT_TEMPLATE_SINK ? input : null),
    createScript: () => null,
  };
}

/** Creates the default policy once, where the browser has Trusted Types. */
export function installTrustedTypesPolicy(win: Window = window): void {
  const factory = (win as Window & { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory || factory.defaultPolicy) return;
  const folders = bootstrapReleaseFolders(
    win.document.getElementById('portal-bootstrap')?.textContent,
    win.document.baseURI,
  );
  try {
    factory.createPolicy(
      POLICY_NAME,
      policyRules(() => win.document.baseURI, folders),
    );
  } catch (error) {
    // The CSP names another policy: the browser refuses ours (and reports it).
    console.error('[portal] Trusted Types: the default policy could not be created', error);
  }
}
