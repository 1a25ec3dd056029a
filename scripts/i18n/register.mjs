// How the portal addresses its user (README, "Decisions where the spec is silent"): formally in
// every locale that has a formal form (usted in es-ES and es-MX, Lei in it-IT, Sie in de-DE, vous
// in French) and with você in pt-BR. A grep-level lint, run by `npm run i18n:check`, over the
// message catalogues (`<package>/lang/<locale>.json`) and the business content pages
// (`remote-help/content/<locale>/*.json`, `portal-server/content/<locale>/*.json`): per language,
// a conservative list of informal second-person words, the forms the translations used before the
// decision and none that formal wording also uses (Spanish 'introduce' is also usted's indicative,
// so only the capitalised imperative counts; Italian buttons say Riprova, Accedi, Invia as the
// user's own command, so only a Riprova inside a sentence counts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES, ROOT } from './catalogues.mjs';

/** A whole word, in any case unless `caseSensitive`. */
function word(text, caseSensitive = false) {
  return {
    word: text,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${text}(?![\\p{L}\\p{N}])`, caseSensitive ? 'u' : 'iu'),
  };
}
const capitalised = (text) => word(text, true);
/** An imperative that is also a button's label: only inside a sentence (after or before words). */
function inSentence(text) {
  return { word: text, pattern: new RegExp(`(?<=[.!?,]\\s+)${text}|${text}(?=[\\s,]+\\p{L})`, 'u') };
}

/** Language subtag → the informal forms its catalogues must not use. */
export const INFORMAL = {
  es: [
    ...['tu', 'tus', 'tú', 'te', 'contigo', 'tuyo', 'tuya', 'tuyos', 'tuyas'].map((text) => word(text)),
    word('ti', true),
    ...[
      'eres',
      'tienes',
      'puedes',
      'quieres',
      'necesitas',
      'sigues',
      'crees',
      'has',
      'cerraste',
      'olvidaste',
    ].map((text) => word(text)),
    ...[
      'inténtalo',
      'introdúcelo',
      'introdúcela',
      'ingrésalo',
      'ingrésala',
      'cópiala',
      'cópialos',
      'guárdalos',
      'escríbenos',
      'asegúrate',
      'ponte',
    ].map((text) => word(text)),
    ...[
      'Introduce',
      'Ingresa',
      'Escribe',
      'Elige',
      'Haz',
      'Vuelve',
      'Verifica',
      'Confirma',
      'Acepta',
      'Escanea',
      'Guarda',
      'Empieza',
      'Instala',
      'Aprueba',
      'Comprueba',
      'Selecciona',
      'Protege',
      'Inicia',
      'Mantén',
    ].map(capitalised),
  ],
  it: [
    ...['tuo', 'tua', 'tuoi', 'tue', 'ti', 'te', 'hai', 'puoi', 'vuoi', 'ciao'].map((text) => word(text)),
    ...[
      'aiutarti',
      'scrivici',
      'contattaci',
      'inseriscilo',
      'inseriscila',
      'rimuovila',
      'copiale',
      'leggile',
    ].map((text) => word(text)),
    ...[
      'Inserisci',
      'Scegli',
      'Fai',
      'Accetta',
      'Scansiona',
      'Inizia',
      'Installa',
      'Approva',
      'Tieni',
      'Assicurati',
      'Attendi',
      'Proteggi',
      'Sblocca',
      'Segnala',
    ].map(capitalised),
    // 'sei' is also six: only where it can only be 'you are'.
    { word: 'sei', pattern: /(?<!\p{L})(?:[Nn]on sei|[Ss]ei ancora|[Ss]ei sicuro)(?!\p{L})/u },
    word('riprova', true),
    word('ricomincia', true),
    inSentence('Riprova'),
    inSentence('Ricomincia'),
  ],
  de: ['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines'].map((text) =>
    word(text),
  ),
  fr: ['tu', 'toi', 'te', 'tes'].map((text) => word(text)),
  pt: ['tu', 'teu', 'teus', 'tua', 'tuas', 'contigo'].map((text) => word(text)),
};

const language = (locale) => locale.split('-')[0];

/** The informal forms `text` uses in `locale` (none for a language without a list). */
export function informalWords(locale, text) {
  return (INFORMAL[language(locale)] ?? [])
    .filter((rule) => rule.pattern.test(text))
    .map((rule) => rule.word);
}

/** Every string of a content page with its path, e.g. `clients.sections[0].blocks[1].items[2]`. */
function* strings(value, key = '') {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* strings(item, `${key}[${index}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) yield* strings(item, key ? `${key}.${name}` : name);
  }
}

const jsonFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The folders of per-locale business content: `<folder>/<locale>/*.json`. */
const CONTENT = [path.join('remote-help', 'content'), path.join('portal-server', 'content')];

/** Every informal form in the catalogues and content pages under `root`: file, key and word. */
export function informalAddress(root = ROOT) {
  const found = [];
  const check = (file, locale, entries) => {
    for (const [key, text] of entries) {
      for (const informal of informalWords(locale, text)) found.push({ file, key, word: informal });
    }
  };
  for (const catalogue of CATALOGUES) {
    const dir = path.join(catalogue.dir, 'lang');
    for (const name of jsonFiles(path.join(root, dir))) {
      check(
        path.join(dir, name),
        name.slice(0, -'.json'.length),
        Object.entries(readJson(path.join(root, dir, name))),
      );
    }
  }
  for (const content of CONTENT) {
    const locales = existsSync(path.join(root, content))
      ? readdirSync(path.join(root, content), { withFileTypes: true }).filter((entry) => entry.isDirectory())
      : [];
    for (const { name: locale } of locales) {
      for (const name of jsonFiles(path.join(root, content, locale))) {
        const file = path.join(content, locale, name);
        check(file, locale, strings(readJson(path.join(root, file))));
      }
    }
  }
  return found;
}
