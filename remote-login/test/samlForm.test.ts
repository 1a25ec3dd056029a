import { describe, expect, it, vi } from 'vitest';
import { checkSamlForm, submitSamlForm } from '../src/idp/samlForm';

const SERVICE = 'http://localhost:8090';
const policy = { allowedOrigins: [SERVICE, 'https://idp.example.com'], insecureOrigins: [SERVICE] };
const inputs =
  '<input type="hidden" name="SAMLRequest" value="PHNhbWw+"><input type="hidden" name="RelayState" value="http://localhost:8080/idpComplete">';
const page = (form: string, extra = '') => `<html><body>${form}${extra}</body></html>`;
const form = (attrs: string, body = inputs) => `<form ${attrs}>${body}</form>`;

describe('checkSamlForm', () => {
  it('accepts one POST form to the service origin and keeps only the SAML fields', () => {
    const html = page(
      form(
        `method="POST" action="${SERVICE}/_emulator/idp/sso"`,
        `${inputs}<input type="text" name="user" value="x"><input type="hidden" name="other" value="y"><noscript><button type="submit">Continue</button></noscript>`,
      ),
    );
    const checked = checkSamlForm(html, policy);
    expect(checked).toEqual({
      ok: true,
      form: {
        action: `${SERVICE}/_emulator/idp/sso`,
        fields: [
          { name: 'SAMLRequest', value: 'PHNhbWw+' },
          { name: 'RelayState', value: 'http://localhost:8080/idpComplete' },
        ],
      },
    });
  });

  it('a SAML message whose base64 text looks like a handler is not mistaken for one', () => {
    const html = page(
      form(
        `method="POST" action="${SERVICE}/sso"`,
        '<input type="hidden" name="SAMLRequest" value="PHNh/onab=">',
      ),
    );
    expect(checkSamlForm(html, policy).ok).toBe(true);
  });

  it('refuses a handler glued to a quoted value', () => {
    const html = page(
      form(`method="POST" action="${SERVICE}/sso"`, `${inputs}<img src="x"onerror="alert(1)">`),
    );
    expect(checkSamlForm(html, policy).ok).toBe(false);
  });

  it('accepts an https action on a configured origin and a SAMLResponse', () => {
    const html = page(
      form(
        'method="post" action="https://idp.example.com/sso"',
        '<input type="hidden" name="SAMLResponse" value="abc">',
      ),
    );
    expect(checkSamlForm(html, policy)).toMatchObject({
      ok: true,
      form: { action: 'https://idp.example.com/sso' },
    });
  });

  const refused: [string, string][] = [
    [
      'a script',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<script>document.forms[0].submit()</script>'),
    ],
    [
      'a script in upper case',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<SCRIPT src="x.js"></SCRIPT>'),
    ],
    [
      'an onload handler',
      `<html><body onload="document.forms[0].submit()">${form(`method="POST" action="${SERVICE}/sso"`)}</body></html>`,
    ],
    [
      'an onerror image',
      page(form(`method="POST" action="${SERVICE}/sso"`, `${inputs}<img src="x" onerror="alert(1)">`)),
    ],
    ['a javascript: action', page(form('method="POST" action="javascript:alert(document.domain)"'))],
    ['a data: action', page(form('method="POST" action="data:text/html,hi"'))],
    ['a foreign https action', page(form('method="POST" action="https://attacker.example/collect"'))],
    [
      'http to a configured https-only origin',
      page(form('method="POST" action="http://idp.example.com/sso"')),
    ],
    ['a relative action', page(form('method="POST" action="/collect"'))],
    ['a protocol-relative action', page(form('method="POST" action="//attacker.example/collect"'))],
    ['credentials in the action', page(form(`method="POST" action="http://user:pw@localhost:8090/sso"`))],
    ['a GET form', page(form(`method="GET" action="${SERVICE}/sso"`))],
    ['no method', page(form(`action="${SERVICE}/sso"`))],
    [
      'two forms',
      page(form(`method="POST" action="${SERVICE}/sso"`) + form(`method="POST" action="${SERVICE}/sso"`)),
    ],
    ['no form', page('<p>nothing here</p>')],
    [
      'no SAML message',
      page(
        form(`method="POST" action="${SERVICE}/sso"`, '<input type="hidden" name="RelayState" value="x">'),
      ),
    ],
    [
      'a javascript: link',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<a href="javascript:alert(1)">x</a>'),
    ],
    [
      'an iframe',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<iframe src="https://attacker.example"></iframe>'),
    ],
    ['a duplicated SAMLRequest', page(form(`method="POST" action="${SERVICE}/sso"`, `${inputs}${inputs}`))],
  ];
  for (const [label, html] of refused) {
    it(`refuses ${label}`, () => {
      expect(checkSamlForm(html, policy).ok).toBe(false);
    });
  }

  it('refuses everything when no origin is configured', () => {
    expect(
      checkSamlForm(page(form(`method="POST" action="${SERVICE}/sso"`)), { allowedOrigins: [] }).ok,
    ).toBe(false);
  });
});

describe('submitSamlForm', () => {
  it('builds the form with DOM APIs from the checked fields only and submits it once', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const element = submitSamlForm({
      action: `${SERVICE}/_emulator/idp/sso`,
      fields: [
        { name: 'SAMLRequest', value: '"><script>alert(1)</script>' },
        { name: 'RelayState', value: 'http://localhost:8080/idpComplete' },
      ],
    });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(element.method).toBe('post');
    expect(element.action).toBe(`${SERVICE}/_emulator/idp/sso`);
    const fields = Array.from(element.querySelectorAll('input')).map((input) => [
      input.type,
      input.name,
      input.value,
    ]);
    expect(fields).toEqual([
      ['hidden', 'SAMLRequest', '"><script>alert(1)</script>'],
      ['hidden', 'RelayState', 'http://localhost:8080/idpComplete'],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
