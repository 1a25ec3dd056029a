import { escapeHtml } from '../http/html.js';
import type { HtmlVariant } from '../faults/faults.js';
import { postPage } from './postPages.js';

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

/** The auto-post page the portal parses and submits (it must not inject it): plain, or a chosen shape. */
export function autoPostForm(
  action: string,
  saml: string,
  relayState: string,
  variant?: HtmlVariant,
): string {
  return postPage({ action, samlRequest: saml, relayState }, variant);
}
