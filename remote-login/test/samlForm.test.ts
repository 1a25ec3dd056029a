import { describe, expect, it, vi } from 'vitest';
import { checkSamlForm, submitSamlForm } from '../src/idp/samlForm';

const SERVICE = 'http://localhost:8090';
const policy = { allowedOrigins: [SERVICE, 'https://idp.example.com'], insecureOrigins: [SERVICE] };
const inputs =
  '<input type="hidden" name="SAMLRequest" value="PHNhbWw+"><input type="hidden" name="RelayState" value="http://localhost:8080/idpComplete">';
const page = (form: string, extra = '') => `<html><body>${form}${extra}</body></html>`;
const form = (attrs: string, body = inputs) => `<form ${attrs}>${body}</form>`;

describe('checkSamlForm', () => {
  it('accepts one POST form to the service origin and copies its SAML fields in page order', () => {
    const html = page(
      form(
        `method="POST" action="${SERVICE}/_emulator/idp/sso"`,
        `${inputs}<input type="submit" value="Go"><noscript><button type="submit">Continue</button></noscript>`,
      ),
    );
    expect(checkSamlForm(html, policy)).toEqual({
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

  it('carries the POST-SimpleSign fields SigAlg and Signature', () => {
    const html = page(
      form(
        `method="POST" action="${SERVICE}/sso"`,
        `${inputs}<input type="hidden" name="SigAlg" value="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"><input type="hidden" name="Signature" value="c2ln">`,
      ),
    );
    const checked = checkSamlForm(html, policy);
    expect(checked.ok && checked.form.fields.map((field) => field.name)).toEqual([
      'SAMLRequest',
      'RelayState',
      'SigAlg',
      'Signature',
    ]);
  });

  it('decodes character references in the action and the values as a browser does', () => {
    const html = page(
      form(
        'method="post" action="https&#x3a;&#x2f;&#x2f;idp.example.com&#x2f;sso?a=1&amp;b=2"',
        '<input type="hidden" name="SAMLRequest" value="a&#43;b&#x2f;c&#61;"><input type="hidden" name="RelayState" value="x&amp;y">',
      ),
    );
    expect(checkSamlForm(html, policy)).toEqual({
      ok: true,
      form: {
        action: 'https://idp.example.com/sso?a=1&b=2',
        fields: [
          { name: 'SAMLRequest', value: 'a+b/c=' },
          { name: 'RelayState', value: 'x&y' },
        ],
      },
    });
  });

  it('resolves a relative action against an allowed <base href>', () => {
    const html = `<html><head><base href="https://idp.example.com/idp/profile/"></head><body>${form(
      'method="post" action="SAML2/POST/SSO"',
    )}</body></html>`;
    expect(checkSamlForm(html, policy)).toMatchObject({
      ok: true,
      form: { action: 'https://idp.example.com/idp/profile/SAML2/POST/SSO' },
    });
  });

  it('an absolute action is kept whatever the <base href> says', () => {
    const html = `<base href="https://attacker.example/">${form('method="post" action="https://idp.example.com/sso"')}`;
    expect(checkSamlForm(html, policy)).toMatchObject({
      ok: true,
      form: { action: 'https://idp.example.com/sso' },
    });
  });

  // What an auto-post page carries besides its form never runs: the portal posts its own form.
  const ignored: [string, string][] = [
    [
      'an inline script',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<script>document.forms[0].submit()</script>'),
    ],
    [
      'an external script in upper case',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<SCRIPT src="x.js"></SCRIPT>'),
    ],
    [
      'a body onload handler',
      `<html><body onload="document.forms[0].submit()">${form(`method="POST" action="${SERVICE}/sso"`)}</body></html>`,
    ],
    [
      'an onerror image',
      page(form(`method="POST" action="${SERVICE}/sso"`, `${inputs}<img src="x" onerror="alert(1)">`)),
    ],
    [
      'a handler glued to a quoted value',
      page(form(`method="POST" action="${SERVICE}/sso"`, `${inputs}<img src="x"onerror="alert(1)">`)),
    ],
    [
      'a javascript: link',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<a href="javascript:alert(1)">x</a>'),
    ],
    [
      'an iframe',
      page(form(`method="POST" action="${SERVICE}/sso"`), '<iframe src="https://attacker.example"></iframe>'),
    ],
    [
      'a <meta> refresh, a stylesheet and a <style> block',
      `<head><meta http-equiv="refresh" content="0;url=https://attacker.example/"><link rel="stylesheet" href="https://attacker.example/a.css"><style>form{display:none}</style></head>${page(form(`method="POST" action="${SERVICE}/sso"`))}`,
    ],
    [
      'a submit button with formaction (the portal never uses the page’s buttons)',
      page(
        form(
          `method="POST" action="${SERVICE}/sso"`,
          `${inputs}<button formaction="https://attacker.example/">Go</button>`,
        ),
      ),
    ],
    [
      'an unnamed text input',
      page(form(`method="POST" action="${SERVICE}/sso"`, `${inputs}<input type="text" value="x">`)),
    ],
  ];
  for (const [label, html] of ignored) {
    it(`ignores ${label}`, () => {
      expect(checkSamlForm(html, policy)).toEqual({
        ok: true,
        form: {
          action: `${SERVICE}/sso`,
          fields: [
            { name: 'SAMLRequest', value: 'PHNhbWw+' },
            { name: 'RelayState', value: 'http://localhost:8080/idpComplete' },
          ],
        },
      });
    });
  }

  const refused: [string, string, string][] = [
    [
      'a javascript: action',
      page(form('method="POST" action="javascript:alert(document.domain)"')),
      'not an http(s) address',
    ],
    ['a data: action', page(form('method="POST" action="data:text/html,hi"')), 'not an http(s) address'],
    [
      'a foreign https action',
      page(form('method="POST" action="https://attacker.example/collect"')),
      'not allowed',
    ],
    [
      'http to a configured https-only origin',
      page(form('method="POST" action="http://idp.example.com/sso"')),
      'not allowed',
    ],
    [
      'a relative action without <base href>',
      page(form('method="POST" action="/collect"')),
      'not an http(s) address',
    ],
    [
      'a protocol-relative action',
      page(form('method="POST" action="//attacker.example/collect"')),
      'not an http(s) address',
    ],
    ['an empty action', page(form('method="POST" action=" "')), 'without an action'],
    [
      'credentials in the action',
      page(form(`method="POST" action="http://user:pw@localhost:8090/sso"`)),
      'credentials',
    ],
    [
      'a relative action under a foreign <base href>',
      `<base href="https://attacker.example/">${form('method="POST" action="collect"')}`,
      'not allowed',
    ],
    [
      'a protocol-relative action under an allowed <base href>',
      `<base href="https://idp.example.com/">${form('method="POST" action="//attacker.example/collect"')}`,
      'not allowed',
    ],
    [
      'a javascript: <base href>',
      `<base href="javascript:alert(1)//">${form('method="POST" action="sso"')}`,
      'base href',
    ],
    ['a relative <base href>', `<base href="/idp/">${form('method="POST" action="sso"')}`, 'base href'],
    ['a GET form', page(form(`method="GET" action="${SERVICE}/sso"`)), 'not POST'],
    ['no method', page(form(`action="${SERVICE}/sso"`)), 'not POST'],
    ['a dialog form', page(form(`method="dialog" action="${SERVICE}/sso"`)), 'not POST'],
    [
      'two forms',
      page(form(`method="POST" action="${SERVICE}/sso"`) + form(`method="POST" action="${SERVICE}/sso"`)),
      'found 2',
    ],
    ['no form', page('<p>nothing here</p>'), 'found 0'],
    [
      'no SAML message',
      page(
        form(`method="POST" action="${SERVICE}/sso"`, '<input type="hidden" name="RelayState" value="x">'),
      ),
      'one SAMLRequest or SAMLResponse',
    ],
    [
      'an empty SAML message',
      page(
        form(`method="POST" action="${SERVICE}/sso"`, '<input type="hidden" name="SAMLRequest" value=" ">'),
      ),
      'empty SAML message',
    ],
    [
      'both a SAMLRequest and a SAMLResponse',
      page(
        form(
          `method="POST" action="${SERVICE}/sso"`,
          `${inputs}<input type="hidden" name="SAMLResponse" value="x">`,
        ),
      ),
      'one SAMLRequest or SAMLResponse',
    ],
    [
      'a duplicated SAMLRequest',
      page(form(`method="POST" action="${SERVICE}/sso"`, `${inputs}${inputs}`)),
      'duplicate',
    ],
    [
      'another hidden field',
      page(
        form(
          `method="POST" action="${SERVICE}/sso"`,
          `${inputs}<input type="hidden" name="other" value="y">`,
        ),
      ),
      "'other' is not a SAML field",
    ],
    [
      'a text field',
      page(
        form(`method="POST" action="${SERVICE}/sso"`, `${inputs}<input type="text" name="user" value="x">`),
      ),
      "'user' is not a SAML field",
    ],
    [
      'a named submit button',
      page(
        form(
          `method="POST" action="${SERVICE}/sso"`,
          `${inputs}<button name="continue" value="1">Go</button>`,
        ),
      ),
      "'continue' is not a SAML field",
    ],
    [
      'a select and a textarea',
      page(
        form(
          `method="POST" action="${SERVICE}/sso"`,
          `${inputs}<select name="s"></select><textarea name="t"></textarea>`,
        ),
      ),
      'is not a SAML field',
    ],
    [
      'a SAML field that is not hidden',
      page(
        form(`method="POST" action="${SERVICE}/sso"`, '<input type="text" name="SAMLRequest" value="abc">'),
      ),
      'not a hidden input',
    ],
    [
      'a control attached from outside the form',
      page(
        form(`id="f" method="POST" action="${SERVICE}/sso"`),
        '<input type="hidden" form="f" name="RelayState" value="x">',
      ),
      'from outside',
    ],
    [
      'a Signature without its SigAlg',
      page(
        form(
          `method="POST" action="${SERVICE}/sso"`,
          `${inputs}<input type="hidden" name="Signature" value="c2ln">`,
        ),
      ),
      'SigAlg and Signature',
    ],
    [
      'a page over 1 MiB',
      page(form(`method="POST" action="${SERVICE}/sso"`), 'x'.repeat(1024 * 1024)),
      'too large',
    ],
  ];
  for (const [label, html, reason] of refused) {
    it(`refuses ${label}`, () => {
      const checked = checkSamlForm(html, policy);
      expect(checked.ok).toBe(false);
      expect(checked.ok ? '' : checked.reason).toContain(reason);
    });
  }

  it('refuses plain http to an allowed origin the policy does not name as insecure', () => {
    const checked = checkSamlForm(page(form('method="POST" action="http://idp.internal/sso"')), {
      allowedOrigins: ['http://idp.internal'],
    });
    expect(checked).toEqual({ ok: false, reason: 'form action is not https' });
  });

  it('refuses everything when no origin is configured', () => {
    expect(
      checkSamlForm(page(form(`method="POST" action="${SERVICE}/sso"`)), { allowedOrigins: [] }).ok,
    ).toBe(false);
  });

  it('parses without touching the page: no base URL change, nothing added to the document', () => {
    const before = document.baseURI;
    // Counted, not assumed zero: the files share one window, and a form another test submitted may still be there.
    const elementsBefore = document.querySelectorAll('form, base, script').length;
    const html = `<base href="https://idp.example.com/">${page(form('method="POST" action="sso"'), '<script>window.ran = true</script>')}`;
    expect(checkSamlForm(html, policy).ok).toBe(true);
    expect(document.baseURI).toBe(before);
    expect(document.querySelectorAll('form, base, script')).toHaveLength(elementsBefore);
    expect((window as unknown as { ran?: boolean }).ran).toBeUndefined();
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
