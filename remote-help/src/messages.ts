import { type CatalogueSource, defineWords, SOURCE_LOCALE } from '@portal/shared/words';

/**
 * remote-help's source catalogue (en-US, ICU): the words of the help and legal pages and of their links in the
 * shell's footer, copied to the letter from the spec (sections 2 and 5). The pages' bodies are
 * business-editable content files (`content/`); only what the code names is here.
 */
export const catalogueSource = {
  help: {
    title: 'Login Assistance',
    /** Our wording: the title of the cookie pages. */
    cookieNotice: 'Cookie Notice',
    clientHours: 'Client support hours: Sunday 8 pm to Friday 8 pm Eastern.',
    employeeHours: 'Employee support hours: 24/7.',
    clientRegions: ['Asia Pacific Toll Free', 'Asia Pacific', 'Europe', 'US Toll Free', 'US'],
    employeeRegions: ['Asia Pacific', 'Europe', 'US Toll Free'],
    copyToClipboard: 'Copy to Clipboard',
    copied: 'Copied!',
  },
  about: {
    title: 'About the Authentication Hub',
    body: 'The Authentication Hub offers increased security and passwordless authentication.',
  },
  smsTerms: {
    title: 'SMS Terms of Service',
  },
  /** The labels of this remote's links in the shell's footer. */
  footer: {
    cookies: 'Cookie Policy',
    smsTerms: 'SMS Terms of Service',
    loginAssistance: 'Login Assistance',
  },
} as const satisfies CatalogueSource;

/**
 * The words in the active locale: the source above in en-US, else the locale's catalogue,
 * precompiled at build time (`lang/<locale>.json` → `compiled-lang/`) and loaded as a chunk of
 * this build for the active locale only. en-US's compiled catalogue (the source's messages that
 * need a parser, if any) is bundled here: a page in the source locale loads no catalogue.
 */
export const messages = defineWords('remote_help', catalogueSource, (locale) =>
  locale === SOURCE_LOCALE
    ? import(
        /* webpackMode: "eager", webpackInclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      )
    : import(
        /* webpackChunkName: "catalogue-[request]", webpackExclude: /[\\/]en-US\.json$/ */ `../compiled-lang/${locale}.json`
      ),
);
