import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { informalAddress, informalWords } from '../../scripts/i18n/register.mjs';

// README, "Decisions where the spec is silent": the portal addresses its users formally in every
// locale that has a formal form (usted, Lei, Sie, vous) and with você in pt-BR. `npm run
// i18n:check` fails on an informal form (scripts/i18n/register.mjs); this is the rule's own test.

describe('the formal register of the catalogues and the help content', () => {
  it('no catalogue and no help page addresses the user informally', () => {
    expect(informalAddress()).toEqual([]);
  });

  it.each([
    ['es-ES', 'Introduce tu contraseña', ['tu', 'Introduce']],
    ['es-ES', '¿Has olvidado la contraseña?', ['has']],
    ['es-ES', 'Error inesperado. Inténtalo de nuevo.', ['inténtalo']],
    ['es-MX', 'Tu cuenta necesita un número de teléfono. Ingrésalo para seguir.', ['tu', 'ingrésalo']],
    ['es-MX', 'Cerraste sesión correctamente', ['cerraste']],
    ['es-MX', 'Te estamos redirigiendo a tu proveedor de identidad.', ['tu', 'te']],
    ['it-IT', 'Inserisci il codice di sicurezza inviato a {value}', ['Inserisci']],
    ['it-IT', 'Ti diamo il benvenuto', ['ti']],
    ['it-IT', 'Per la tua sicurezza, la sessione verrà chiusa.', ['tua']],
    ['it-IT', 'Non sei {name}?', ['sei']],
    ['it-IT', 'Impossibile completare la registrazione. Riprova.', ['Riprova']],
    ['it-IT', 'Riprova o scegli un altro modo per accedere.', ['Riprova']],
    ['de-DE', 'Gib deinen Code ein', ['deinen']],
    ['fr-CA', 'Tu es déconnecté', ['tu']],
    ['pt-BR', 'Digite teu código', ['teu']],
  ])('%s: "%s" is informal (%j)', (locale, text, words) => {
    expect(informalWords(locale, text)).toEqual(words);
  });

  it.each([
    ['es-ES', 'Introduzca su contraseña'],
    // usted's indicative has the same form as tú's imperative: only the imperative is capitalised.
    ['es-ES', 'Compruebe que introduce su ID de usuario exactamente como se registró.'],
    ['es-MX', 'Ingrese el código de seguridad enviado a {value}'],
    ['it-IT', 'Inserisca il codice di sicurezza inviato a {value}'],
    // A button is the user's own command; Sei is also six.
    ['it-IT', 'Riprova'],
    ['it-IT', 'Sei cifre'],
    ['it-IT', 'Verifica della credenziale'],
    ['de-DE', 'Geben Sie Ihren Code ein'],
    ['pt-BR', 'Digite seu código. Você pode tentar novamente.'],
    // Only the languages with a formal form have a list.
    ['en-US', 'Enter your code, tu te tuo'],
  ])('%s: "%s" is formal', (locale, text) => {
    expect(informalWords(locale, text)).toEqual([]);
  });

  describe('a finding names the file, the key and the word', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'register-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('in a catalogue, a help page and a page of the portal server', () => {
      mkdirSync(path.join(root, 'remote-login', 'lang'), { recursive: true });
      writeFileSync(
        path.join(root, 'remote-login', 'lang', 'es-ES.json'),
        JSON.stringify({ 'password.prompt': 'Introduce tu contraseña', 'password.label': 'Contraseña' }),
      );
      writeFileSync(
        path.join(root, 'remote-login', 'lang', 'en-US.json'),
        JSON.stringify({ 'password.prompt': 'Enter your password' }),
      );
      mkdirSync(path.join(root, 'remote-help', 'content', 'it-IT'), { recursive: true });
      writeFileSync(
        path.join(root, 'remote-help', 'content', 'it-IT', 'help.json'),
        JSON.stringify({ clients: { sections: [{ heading: 'Proteggi il tuo account' }] } }),
      );
      mkdirSync(path.join(root, 'portal-server', 'content', 'es-MX'), { recursive: true });
      writeFileSync(
        path.join(root, 'portal-server', 'content', 'es-MX', 'emea-cookies.json'),
        JSON.stringify({ lead: ['Puede borrar sus cookies.', 'Puedes borrar tus cookies.'] }),
      );
      expect(informalAddress(root)).toEqual([
        { file: path.join('remote-login', 'lang', 'es-ES.json'), key: 'password.prompt', word: 'tu' },
        { file: path.join('remote-login', 'lang', 'es-ES.json'), key: 'password.prompt', word: 'Introduce' },
        {
          file: path.join('remote-help', 'content', 'it-IT', 'help.json'),
          key: 'clients.sections[0].heading',
          word: 'tuo',
        },
        {
          file: path.join('remote-help', 'content', 'it-IT', 'help.json'),
          key: 'clients.sections[0].heading',
          word: 'Proteggi',
        },
        {
          file: path.join('portal-server', 'content', 'es-MX', 'emea-cookies.json'),
          key: 'lead[1]',
          word: 'tus',
        },
        {
          file: path.join('portal-server', 'content', 'es-MX', 'emea-cookies.json'),
          key: 'lead[1]',
          word: 'puedes',
        },
      ]);
    });
  });
});
