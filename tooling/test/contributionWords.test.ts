import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contributionWords } from '../src/contributionWords.ts';

describe('the words of what a remote contributes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lang-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("gives each locale's wording of the route titles and link labels, found by their en-US text", () => {
    const write = (locale: string, messages: Record<string, string>) =>
      writeFileSync(path.join(dir, `${locale}.json`), JSON.stringify(messages));
    write('en-US', {
      'help.title': 'Login Assistance',
      'about.title': "About 'it'",
      'x.args': 'Hello {name}',
    });
    write('fr-FR', {
      'help.title': 'Aide à la connexion',
      'about.title': "À propos d''elle",
      'x.args': 'Bonjour {name}',
    });
    write('de-DE', {});
    const words = contributionWords(
      {
        routes: [{ title: 'Login Assistance' }, { title: "About 'it'" }],
        links: [{ label: 'Login Assistance' }, { label: 'Not in the catalogue' }],
      },
      dir,
    );
    expect(words).toEqual({
      'fr-FR': { 'Login Assistance': 'Aide à la connexion', "About 'it'": "À propos d'elle" },
    });
  });
});
