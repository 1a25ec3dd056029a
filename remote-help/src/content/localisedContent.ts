import { type CatalogueLoader, defineLocaleContent } from '@portal/shared/words';
import * as v from 'valibot';

/**
 * A page's business wording in the active locale where the business has written it
 * (`content/<locale>/<page>.json`), else its en-US wording (`content/<page>.json`), which the
 * caller has already parsed (a broken en-US file fails when its module loads). The locale's file
 * is an `import()` chunk of its own, loaded with the catalogues (`defineLocaleContent`); a locale
 * without the file (en-US, en-GB), one whose file did not load, and one whose file does not pass
 * the schema show the en-US wording.
 *
 * `load` is the page's own `import()` of its file, written out with the file's name in it, so the
 * bundler makes one chunk per locale and page.
 */
export function localisedContent<S extends v.GenericSchema>(
  name: string,
  schema: S,
  source: v.InferOutput<S>,
  load: CatalogueLoader,
): () => v.InferOutput<S> {
  const localised = defineLocaleContent(`remote_help/${name}`, load);
  // Parsed once per file that arrives, not on every render.
  let last: { raw: unknown; content: v.InferOutput<S> } = { raw: undefined, content: source };
  return () => {
    const raw = localised();
    if (raw !== last.raw) {
      const parsed = raw === undefined ? undefined : v.safeParse(schema, raw);
      last = { raw, content: parsed?.success ? parsed.output : source };
    }
    return last.content;
  };
}
