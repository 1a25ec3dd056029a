import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentWords } from '../src/documentWords.ts';

describe("the words of the host page's own elements (first-load.json's documentWords)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kernel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives each locale's wording from the compiled catalogues, en-US from the source", () => {
    mkdirSync(path.join(dir, 'lang'));
    mkdirSync(path.join(dir, 'compiled-lang'));
    writeFileSync(
      path.join(dir, 'lang', 'en-US.json'),
      JSON.stringify({ 'shell.productName': 'Authentication Hub', 'shell.noScript': 'Needs JavaScript.' }),
    );
    const compiled = (locale: string, messages: Record<string, unknown>) =>
      writeFileSync(path.join(dir, 'compiled-lang', `${locale}.json`), JSON.stringify(messages));
    // The source locale's compiled catalogue keeps only what needs formatting.
    compiled('en-US', {});
    compiled('de-DE', {
      'shell.productName': 'Authentifizierungsportal',
      'shell.noScript': 'Benötigt JavaScript.',
    });
    // A message kept as a syntax tree (a literal with an apostrophe): its text.
    compiled('fr-FR', {
      'shell.productName': [{ type: 0, value: "Centre d'authentification" }],
      'shell.noScript': [{ type: 1, value: 'name' }],
    });
    const words = documentWords(path.join(dir, 'compiled-lang'), ['de-DE', 'en-US', 'fr-FR'], {
      title: 'shell.productName',
      noscript: 'shell.noScript',
    });
    expect(words).toEqual({
      'de-DE': { title: 'Authentifizierungsportal', noscript: 'Benötigt JavaScript.' },
      'en-US': { title: 'Authentication Hub', noscript: 'Needs JavaScript.' },
      // A message that is not plain text is the source's wording.
      'fr-FR': { title: "Centre d'authentification", noscript: 'Needs JavaScript.' },
    });
  });

  it("keeps a message's named arguments for the server to fill in, and only those", () => {
    const kernel = mkdtempSync(path.join(tmpdir(), 'kernel-'));
    try {
      mkdirSync(path.join(kernel, 'lang'));
      mkdirSync(path.join(kernel, 'compiled-lang'));
      writeFileSync(
        path.join(kernel, 'lang', 'en-US.json'),
        JSON.stringify({
          'shell.documentTitle': '{screen} – Authentication Hub',
          'shell.other': '{count} left',
        }),
      );
      const compiled = (locale: string, messages: Record<string, unknown>) =>
        writeFileSync(path.join(kernel, 'compiled-lang', `${locale}.json`), JSON.stringify(messages));
      compiled('en-US', {});
      compiled('de-DE', {
        'shell.documentTitle': [
          { type: 1, value: 'screen' },
          { type: 0, value: ' – Authentifizierungsportal' },
        ],
      });
      // A plural is not text: the source's wording.
      compiled('fr-FR', {
        'shell.documentTitle': [{ type: 6, value: 'screen', options: {} }],
      });
      const words = documentWords(path.join(kernel, 'compiled-lang'), ['de-DE', 'en-US', 'fr-FR'], {
        screenTitle: { id: 'shell.documentTitle', arguments: ['screen'] },
        // An argument the server does not fill in: no word at all.
        other: 'shell.other',
      });
      expect(words).toEqual({
        'de-DE': { screenTitle: '{screen} – Authentifizierungsportal' },
        'en-US': { screenTitle: '{screen} – Authentication Hub' },
        'fr-FR': { screenTitle: '{screen} – Authentication Hub' },
      });
    } finally {
      rmSync(kernel, { recursive: true, force: true });
    }
  });
});
