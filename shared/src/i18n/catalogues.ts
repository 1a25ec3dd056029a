import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import * as v from 'valibot';
import { type CatalogueSource, flattenSource, type MessageValue, type Words, wordsFor } from './icu';
import { type LocaleTag, localeDirection, SOURCE_LOCALE } from './locales';

/**
 * The catalogues of the kernel and of every remote loaded in the page, one scope each. A scope's
 * locale catalogues are precompiled at build time (`formatjs compile --ast`: no message parser,
 * no eval in the browser) and each is a chunk of its own build, loaded lazily for the active
 * locale only (the loader is the scope's `import()` of `compiled-lang/<locale>.json`, so the file
 * is covered by its build's integrity hashes). Until the active locale's catalogue has arrived, or
 * where none is loaded (unit tests, the build-time renderer), the words are the source's.
 */
export type CatalogueLoader = (locale: LocaleTag) => Promise<unknown>;

/** A compiled catalogue: each message id's ICU syntax tree. */
const CompiledCatalogueSchema = v.record(v.string(), v.array(v.looseObject({ type: v.number() })));

interface Scope {
  readonly source: Record<string, string>;
  readonly load: CatalogueLoader;
  intl: IntlShape;
  loading: Promise<void> | null;
}

/** Dates are shown in UTC, so a day does not depend on where the browser is. */
const TIME_ZONE = 'UTC';

const scopes = new Map<string, Scope>();
const cache = createIntlCache();
let activeLocale: LocaleTag = SOURCE_LOCALE;
let activated = false;

function onError(error: { code: string; message: string }): void {
  // A message missing from a locale falls back to the source's wording; anything else is a bug.
  if (error.code !== 'MISSING_TRANSLATION') console.error(`[words] ${error.message}`);
}

function sourceIntl(source: Record<string, string>): IntlShape {
  return createIntl(
    { locale: SOURCE_LOCALE, defaultLocale: SOURCE_LOCALE, timeZone: TIME_ZONE, messages: source, onError },
    cache,
  );
}

function compiled(module: unknown): Record<string, MessageFormatElement[]> {
  const body = typeof module === 'object' && module !== null && 'default' in module ? module.default : module;
  // The syntax trees are the compiler's output, checked for their shape here.
  return v.parse(CompiledCatalogueSchema, body) as unknown as Record<string, MessageFormatElement[]>;
}

function startLoading(name: string, scope: Scope): void {
  const locale = activeLocale;
  scope.loading = scope
    .load(locale)
    .then((module) => {
      // A later choice's catalogue wins, whichever arrives last.
      if (locale !== activeLocale) return;
      scope.intl = createIntl(
        { locale, defaultLocale: SOURCE_LOCALE, timeZone: TIME_ZONE, messages: compiled(module), onError },
        cache,
      );
    })
    .catch((error: unknown) => {
      console.error(`[words] the ${locale} catalogue of ${name} did not load`, error);
    });
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * On a right-to-left page, every text argument (a User ID, a phone number, an e-mail address, a
 * code, a device's name) is a bidi isolate in its message: it runs in its own direction, and the
 * sentence around it keeps its order ('+1 555 0100' is never read '0100 555 1+').
 */
function isolated(
  values: Record<string, MessageValue> | undefined,
): Record<string, MessageValue> | undefined {
  if (!values || localeDirection(activeLocale) === 'ltr') return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : value,
    ]),
  );
}

/**
 * A catalogue's words (its source, a scope name unique in the page, and the loader of its compiled
 * locale catalogues): every read is formatted in the active locale.
 */
export function defineWords<T extends CatalogueSource>(
  name: string,
  source: T,
  load: CatalogueLoader,
): Words<T> {
  const flat = flattenSource(source);
  const scope: Scope = { source: flat, load, intl: sourceIntl(flat), loading: null };
  scopes.set(name, scope);
  if (activated) startLoading(name, scope);
  // The source's wording is the default of a message a locale lacks (the build fills those in
  // already: this is the safety net, exact for a message without arguments).
  return wordsFor(source, (id: string, values?: Record<string, MessageValue>) =>
    scope.intl.formatMessage({ id, defaultMessage: flat[id] }, isolated(values)),
  );
}

interface LocaleContent {
  readonly load: CatalogueLoader;
  value: unknown;
  loading: Promise<void> | null;
}

const contents = new Map<string, LocaleContent>();

function startLoadingContent(content: LocaleContent): void {
  const locale = activeLocale;
  content.value = undefined;
  content.loading = content
    .load(locale)
    .then((module) => {
      if (locale !== activeLocale) return;
      content.value =
        typeof module === 'object' && module !== null && 'default' in module ? module.default : module;
    })
    // A locale without its own content shows the source's: nothing to report.
    .catch(() => undefined);
}

/**
 * Content a remote has in some locales only (remote-help's page bodies: `content/<locale>/…`),
 * loaded with the catalogues for the active locale. The getter gives the active locale's, or
 * undefined when it has none (the caller then shows its en-US content); the caller validates it.
 */
export function defineLocaleContent(name: string, load: CatalogueLoader): () => unknown {
  const content: LocaleContent = { load, value: undefined, loading: null };
  contents.set(name, content);
  if (activated) startLoadingContent(content);
  return () => content.value;
}

/**
 * Makes `locale` the page's locale (once, at start-up; a new choice reloads the page): every
 * catalogue defined so far, and every one defined later, loads its compiled messages for it.
 */
export function activateLocale(locale: LocaleTag): void {
  activeLocale = locale;
  activated = true;
  for (const [name, scope] of scopes) startLoading(name, scope);
  for (const content of contents.values()) startLoadingContent(content);
}

export function currentLocale(): LocaleTag {
  return activeLocale;
}

/** Settles when every catalogue and content defined so far has its active locale's (or failed to). */
export async function cataloguesReady(): Promise<void> {
  await Promise.all([...scopes.values(), ...contents.values()].map((loadable) => loadable.loading));
}
