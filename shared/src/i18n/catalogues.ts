import IntlMessageFormat from 'intl-messageformat';
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
 *
 * Messages are formatted by FormatJS's `intl-messageformat` (what react-intl's formatMessage runs),
 * from the syntax trees, with `Intl` for plurals, numbers and dates.
 */
export type CatalogueLoader = (locale: LocaleTag) => Promise<unknown>;

type Message = ConstructorParameters<typeof IntlMessageFormat>[0];

/** A compiled catalogue: each message id's ICU syntax tree, or its text when it has only simple arguments. */
const CompiledCatalogueSchema = v.record(
  v.string(),
  v.union([v.string(), v.array(v.looseObject({ type: v.number() }))]),
);

interface Scope {
  readonly source: Record<string, string>;
  readonly load: CatalogueLoader;
  /** The active locale's messages (syntax trees), and the locale they are in. */
  locale: LocaleTag;
  messages: Record<string, Message>;
  /** One formatter per message, made on first use. */
  formatters: Map<string, IntlMessageFormat>;
  loading: Promise<void> | null;
}

/** Dates are shown in UTC, so a day does not depend on where the browser is. */
const FORMATS = {
  date: { long: { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' } },
} as const;

const scopes = new Map<string, Scope>();
let activeLocale: LocaleTag = SOURCE_LOCALE;
let activated = false;

function compiled(module: unknown): Record<string, Message> {
  const body = typeof module === 'object' && module !== null && 'default' in module ? module.default : module;
  // The syntax trees are the compiler's output, checked for their shape here.
  return v.parse(CompiledCatalogueSchema, body) as unknown as Record<string, Message>;
}

function startLoading(name: string, scope: Scope): void {
  const locale = activeLocale;
  scope.loading = scope
    .load(locale)
    .then((module) => {
      // A later choice's catalogue wins, whichever arrives last.
      if (locale !== activeLocale) return;
      scope.locale = locale;
      scope.messages = compiled(module);
      scope.formatters = new Map();
    })
    .catch((error: unknown) => {
      console.error(`[words] the ${locale} catalogue of ${name} did not load`, error);
    });
}

/** Text and `{name}` arguments, nothing else of ICU's syntax. */
const SIMPLE_MESSAGE = /^(?:[^{}#'<]|\{\w+\})*$/;

/**
 * The message in the scope's locale; one the catalogue lacks has the source's wording (the build
 * fills those in already: this is the safety net). A message the browser cannot format (a source
 * string where the bundle has no parser) is shown as written, and reported.
 */
function format(scope: Scope, id: string, values?: Record<string, MessageValue>): string {
  const own = Object.hasOwn(scope.messages, id);
  const key = own ? id : `source ${id}`;
  const message = own ? scope.messages[id] : scope.source[id];
  // Text with simple arguments only (a compiled catalogue's strings always are; most source
  // strings too): the values go in as they are, as intl-messageformat puts a simple argument.
  if (typeof message === 'string' && SIMPLE_MESSAGE.test(message)) {
    return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));
  }
  let formatter = scope.formatters.get(key);
  try {
    if (!formatter) {
      formatter = new IntlMessageFormat(message ?? id, own ? scope.locale : SOURCE_LOCALE, FORMATS);
      scope.formatters.set(key, formatter);
    }
    return String(formatter.format(values));
  } catch (error) {
    console.error(`[words] ${id}: ${error instanceof Error ? error.message : String(error)}`);
    return scope.source[id] ?? id;
  }
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
  const scope: Scope = {
    source: flat,
    load,
    locale: SOURCE_LOCALE,
    messages: flat,
    formatters: new Map(),
    loading: null,
  };
  scopes.set(name, scope);
  if (activated) startLoading(name, scope);
  return wordsFor(source, (id: string, values?: Record<string, MessageValue>) =>
    format(scope, id, isolated(values)),
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
