import type { Page } from '@playwright/test';

/**
 * Every request body and response body a page sent or received, on any origin (`texts`, each
 * prefixed with its URL; the code it loads included), the requests alone (`sent`), and the bodies
 * of the replies to the page's own calls (fetch/XHR, JSON or text: what its scripts read) in
 * `fetched`. Await `pending` before reading: bodies arrive late.
 */
export interface Traffic {
  texts: string[];
  sent: string[];
  fetched: string[];
  pending: Promise<unknown>[];
}

export function recordTraffic(page: Page): Traffic {
  const traffic: Traffic = { texts: [], sent: [], fetched: [], pending: [] };
  page.on('request', (request) => {
    const text = `${request.url()} ${request.postData() ?? ''}`;
    traffic.texts.push(text);
    traffic.sent.push(text);
  });
  page.on('response', (response) => {
    traffic.pending.push(
      response.body().then(
        (body) => {
          const text = `${response.url()} ${body.toString('utf8')}`;
          traffic.texts.push(text);
          const type = response.headers()['content-type'] ?? '';
          if (['fetch', 'xhr'].includes(response.request().resourceType()) && /json|text\/plain/.test(type)) {
            traffic.fetched.push(text);
          }
        },
        () => undefined, // a redirect or an aborted load has no body
      ),
    );
  });
  return traffic;
}

/** The `kind` claim of every JWT in a text (the emulator marks its tokens 'id', 'refresh', 'access', 'client'). */
export function jwtKinds(text: string): string[] {
  return [...text.matchAll(/eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+/g)].map((match) => {
    try {
      return String(JSON.parse(Buffer.from(match[1] ?? '', 'base64url').toString('utf8')).kind);
    } catch {
      return '';
    }
  });
}

/** The URLs of the texts that carry an id_token (by name or as a JWT of that kind). */
export function carryingIdToken(texts: readonly string[]): string[] {
  return texts
    .filter((text) => text.includes('id_token') || jwtKinds(text).includes('id'))
    .map((text) => text.split(' ')[0] ?? '');
}

/** The URLs of the texts that carry a refresh token (a JWT of that kind: the page only ever holds handles). */
export function carryingRefreshToken(texts: readonly string[]): string[] {
  return texts.filter((text) => jwtKinds(text).includes('refresh')).map((text) => text.split(' ')[0] ?? '');
}
