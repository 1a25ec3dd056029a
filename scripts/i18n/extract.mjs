// `npm run i18n:extract`: writes each catalogue's source (its TypeScript, en-US) to lang/en-US.json,
// the file translators start from and the check compares every locale with.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES, extractSource, langDir, SOURCE_LOCALE, serialise } from './catalogues.mjs';

for (const catalogue of CATALOGUES) {
  const messages = await extractSource(catalogue);
  mkdirSync(langDir(catalogue), { recursive: true });
  writeFileSync(path.join(langDir(catalogue), `${SOURCE_LOCALE}.json`), serialise(messages));
  console.log(`${catalogue.dir}: ${Object.keys(messages).length} messages`);
}
