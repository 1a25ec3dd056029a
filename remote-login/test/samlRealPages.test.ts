import { describe, expect, it } from 'vitest';
import { checkSamlForm } from '../src/idp/samlForm';
import { REAL_POST_PAGES } from './fixtures/idpPostPages';

// The identity providers' own auto-post pages (fixtures/idpPostPages.ts) are accepted: their
// scripts and handlers are ignored, and only the SAML fields reach the form the portal posts.

const policy = { allowedOrigins: ['https://idp.example.com', 'http://localhost:8090'], insecureOrigins: [] };
const action = 'https://idp.example.com/idp/profile/SAML2/POST/SSO';
const relayState = 'http://localhost:8080/idpComplete?a=1&b="2"';
// Base64 uses '+', '/' and '=': text a careless check could read as markup or a handler.
const message = 'PHNhbWxwOkF1dGhuUmVxdWVzdCBJRD0iXzEiIG9ubG9hZD0i+/onload==';

describe('real identity providers’ post pages', () => {
  for (const [product, render] of Object.entries(REAL_POST_PAGES)) {
    it(`${product}: accepted, the action and the SAML fields exactly as the page gives them`, () => {
      const html = render({ action, message, relayState });
      expect(checkSamlForm(html, policy)).toEqual({
        ok: true,
        form: {
          action,
          fields: expect.arrayContaining([
            { name: 'SAMLRequest', value: message },
            { name: 'RelayState', value: relayState },
          ]),
        },
      });
      const checked = checkSamlForm(html, policy);
      expect(checked.ok && checked.form.fields).toHaveLength(2);
    });

    it(`${product}: a SAMLResponse is carried the same way`, () => {
      const html = render({ action, message, messageName: 'SAMLResponse', relayState });
      const checked = checkSamlForm(html, policy);
      expect(checked.ok && checked.form.fields.map((field) => field.name).sort()).toEqual([
        'RelayState',
        'SAMLResponse',
      ]);
    });

    it(`${product}: still refused when it posts anywhere else`, () => {
      const html = render({ action: 'https://attacker.example/idp/sso', message, relayState });
      expect(checkSamlForm(html, policy)).toMatchObject({ ok: false });
    });
  }
});
