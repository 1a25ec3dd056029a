import { inertTemplateHtml } from '@portal/shared/security';

/**
 * Parses a server's HTML page into an inert fragment: the content of a <template> that is never
 * attached to the page. Nothing in it runs or loads (no scripts, handlers, images, stylesheets,
 * refreshes), and, unlike a DOMParser document, it processes no <base href> and no <style> block
 * and drops the <html>/<head>/<body> tags with their attributes (an auto-post page's
 * `<body onload>`), so the portal's Content-Security-Policy has nothing to report
 * (base-uri, style-src-elem, script-src-attr). Handler or style attributes on other elements are
 * still blocked and reported by the browser, as they should be: no identity provider's post page
 * has them.
 */
export function parseInert(html: string, doc: Document = document): DocumentFragment {
  const template = doc.createElement('template');
  // Under Trusted Types, the host's policy lets HTML into this detached template only.
  template.innerHTML = inertTemplateHtml(html);
  return template.content;
}
