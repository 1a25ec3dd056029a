import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE_PAGE_VARIANTS, REAL_PAGE_VARIANTS } from '../src/idp/postPages.js';
import { Harness } from './harness.js';

// The identity provider's auto-post page shapes a fault serves at GET oauth2/v1/idp
// (src/idp/postPages.ts): the real products' pages carry the same SAML request to the emulator's
// IdP page; the hostile ones change where or what would be posted.

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

const RELAY = 'http://localhost:8080/idpComplete';

/** Decodes the character references the pages use (named amp/quot/lt/gt and hex). */
const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const field = (html: string, name: string) =>
  decode(new RegExp(`name="${name}" value="([^"]*)"`, 'i').exec(html)?.[1] ?? '');
const attribute = (html: string, tag: string, name: string) =>
  decode(new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`, 'i').exec(html)?.[1] ?? '');

async function idpPage(htmlVariant?: string) {
  const start = await h.authenticate('ida.idp', client);
  const flowState = String(start.json.flowState);
  if (htmlVariant)
    await h.call('POST', '/_emulator/api/faults', { body: { call: 'oauth2/v1/idp', htmlVariant } });
  const page = await h.call('GET', 'oauth2/v1/idp', {
    token: client,
    flowState,
    headers: { 'x-relay-state': RELAY },
  });
  return page.text;
}

describe('real identity providers’ page shapes', () => {
  it.each(REAL_PAGE_VARIANTS)(
    '%s: one POST form whose SAML request the IdP page accepts',
    async (variant) => {
      const plain = await idpPage();
      const html = await idpPage(variant);
      expect(html).not.toBe(plain);
      expect(html.match(/<form\b/gi)).toHaveLength(1);
      expect(attribute(html, 'form', 'method').toLowerCase()).toBe('post');
      const base = attribute(html, 'base', 'href') || undefined;
      expect(new URL(attribute(html, 'form', 'action'), base).href).toBe(
        'http://localhost:8090/_emulator/idp/sso',
      );
      expect(field(html, 'RelayState')).toBe(RELAY);
      const idp = await h.call('POST', '/_emulator/idp/sso', {
        form: { SAMLRequest: field(html, 'SAMLRequest'), RelayState: field(html, 'RelayState') },
      });
      expect(idp.status).toBe(200);
      expect(idp.text).toContain('Signing in <strong>ida.idp</strong>');
    },
  );

  it('each shape is what its product renders: the handler, script or base that submits it', async () => {
    expect(await idpPage('shibboleth')).toContain('<body onload="document.forms[0].submit()">');
    expect(await idpPage('shibboleth')).toContain(
      'value="http&#x3a;&#x2f;&#x2f;localhost&#x3a;8080&#x2f;idpComplete"',
    );
    expect(await idpPage('adfs')).toContain("window.setTimeout('document.forms[0].submit()', 0);");
    expect(await idpPage('keycloak')).toContain('<BODY Onload="document.forms[0].submit()">');
    expect(await idpPage('simplesamlphp')).toContain(
      '<script src="/simplesaml/assets/base/js/post.js"></script>',
    );
    expect(await idpPage('base-href')).toContain('<base href="http://localhost:8090/_emulator/idp/">');
  });
});

describe('hostile page shapes', () => {
  const markers: Record<(typeof HOSTILE_PAGE_VARIANTS)[number], string> = {
    'javascript-action': 'action="javascript:',
    'foreign-action': 'action="https://attacker.example/collect"',
    'data-action': 'action="data:',
    'foreign-base': '<base href="https://attacker.example/">',
    'get-method': 'method="GET"',
    'two-forms': '</form><form',
    'extra-field': 'name="returnTo"',
  };
  it.each(HOSTILE_PAGE_VARIANTS)('%s is served once', async (variant) => {
    expect(await idpPage(variant)).toContain(markers[variant]);
    expect(await idpPage()).not.toContain(markers[variant]);
  });

  it('an unknown shape is refused by the dev API', async () => {
    const res = await h.call('POST', '/_emulator/api/faults', {
      body: { call: 'oauth2/v1/idp', htmlVariant: 'okta' },
    });
    expect(res.status).toBe(400);
  });
});
