import type { EnvironmentBody } from '../routes/configBodies.js';
import type { PlannedRemote } from './plan.js';
import type { PlannedPage } from './plannedPage.js';

/**
 * Enough for every route a page opens on, times the live builds and each canary mix a session can
 * be dealt; past it the least recently used page goes (a flood of made-up paths cannot grow it).
 */
export const MAX_CACHED_PAGES = 64;

/** The page key's route of every path that names no screen (the host's not-found page). */
export const NOT_FOUND_PAGE = '(no screen)';
/** The page key's route when the host build has no plan: index.html as built, the same for every path. */
export const AS_BUILT_PAGE = '(as built)';

/** Everything a planned page is made from (firstLoadPage.ts); objects count by identity. */
export interface PageKeyParts {
  /**
   * What the page renders, never the raw path: the route of the screen it opens on (screenFor in
   * plan.ts: a guarded route already stands for the home screen it is sent to), NOT_FOUND_PAGE for
   * every path no route names, AS_BUILT_PAGE when there is no plan. Every made-up path shares one
   * entry, so a flood of them cannot evict the real pages or make each request plan again.
   */
  route: string;
  /** The page's negotiated locale (absent when the page is served as built). */
  locale?: string;
  /** The host build's template and plan as read: a new read (a rebuild, a new release) is a new object. */
  template: object;
  plan: object;
  environment: EnvironmentBody;
  /**
   * The session's builds (remotes.json's entries as its cohort gets them: manifest and integrity)
   * with what each manifest resolved to (a re-read or re-staged manifest is a new object); none
   * when the page is served as built.
   */
  remotes: ReadonlyMap<string, PlannedRemote> | undefined;
  /** The route's prerendered screen as read (screenMarkup.ts; a new read is a new object), if any. */
  screen?: object | undefined;
  /** The rendered first screen's inline stylesheets as read (href and hash), and the origin. */
  styles?: readonly string[];
  /** The theme the page carries (its key: stylesheet, product name, logo), if any. */
  theme?: string | undefined;
}

/**
 * The planned pages by the route they render, release set, cohort and locale. A key names everything the page is made of,
 * so a promotion or rollback (remotes.json or host.json rewritten), a re-staged manifest, a rebuilt
 * host or another canary mix is a new key: a stale page is never served, and old keys age out.
 */
export class PageCache {
  private readonly pages = new Map<string, PlannedPage>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;

  constructor(private readonly maxPages = MAX_CACHED_PAGES) {}

  get size(): number {
    return this.pages.size;
  }

  key(parts: PageKeyParts): string {
    // A resolved manifest's sha384 is the entry's (RemoteManifests checks it on every read), so its
    // object stands for the integrity too; the manifest URL stays, as the page repeats it as written.
    const remotes = parts.remotes
      ? [...parts.remotes].map(([name, { entry, resolved }]) =>
          resolved
            ? `${name} ${entry.manifest} #${this.idOf(resolved)}`
            : `${name} ${entry.manifest} ${entry.integrity} -`,
        )
      : ['as built'];
    return [
      JSON.stringify(parts.route),
      parts.locale ?? 'no locale',
      this.idOf(parts.template),
      this.idOf(parts.plan),
      JSON.stringify(parts.environment),
      parts.screen ? `screen #${this.idOf(parts.screen)}` : 'no screen',
      JSON.stringify(parts.styles ?? []),
      parts.theme === undefined ? 'no theme' : `theme ${parts.theme}`,
      ...remotes,
    ].join('\n');
  }

  get(key: string): PlannedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: PlannedPage): void {
    this.pages.delete(key);
    while (this.pages.size >= this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
    this.pages.set(key, page);
  }

  /** A number per object for as long as it lives; never reused, so a new object is a new key. */
  private idOf(value: object): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.nextId;
      this.nextId += 1;
      this.ids.set(value, id);
    }
    return id;
  }
}
