import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contributionWords } from '../src/contributionWords.ts';

describe('the words of what a remote contributes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'remote-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("gives each locale's wording of the route titles and link labels, found by their en-US text", () => {
    mkdirSync(path.join(dir, 'lang'));
    mkdirSync(path.join(dir, 'compiled-lang'));
    writeFileSync(
      path.join(dir, 'lang', 'en-US.json'),
      JSON.stringify({ 'help.title': 'Login Assistance', 'x.args': 'Hello {name}' }),
    );
    const literal = (...values: string[]) => values.map((value) => ({ type: 0, value }));
    const compiled = (locale: string, messages: Record<string, unknown>) =>
      writeFileSync(path.join(dir, 'compiled-lang', `${locale}.json`), JSON.stringify(messages));
    compiled('en-US', { 'help.title': literal('Login Assistance') });
    compiled('fr-FR', {
      'help.title': literal('Aide à la connexion'),
      'x.args': [{ type: 1, value: 'name' }],
    });
    // The pseudo-locale as formatjs compiles it: brackets as literals of their own.
    compiled('en-XA', { 'help.title': literal('[', 'Ŀǿǿɠīƞ Ȧşşīşŧȧȧƞƈḗḗ', ']') });
    // A locale that has not translated it: the build filled in the source's wording.
    compiled('de-DE', { 'help.title': literal('Login Assistance') });
    const words = contributionWords(
      {
        routes: [{ title: 'Login Assistance' }],
        links: [{ label: 'Login Assistance' }, { label: 'Elsewhere' }],
      },
      dir,
    );
    expect(words).toEqual({
      'fr-FR': { 'Login Assistance': 'Aide à la connexion' },
      'en-XA': { 'Login Assistance': '[Ŀǿǿɠīƞ Ȧşşīşŧȧȧƞƈḗḗ]' },
    });
  });
});
