import { vi } from 'vitest';

/**
 * The one stand-in for the server in unit tests: it answers fetch by method and URL, records
 * every request as the server would receive it, and fails the test on a request nobody expected.
 */

/** A request as the server would see it. `path` is the URL's path and query without the base. */
export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  /** The JSON body parsed, a form body as an object, else the raw text; null without a body. */
  body: unknown;
}

/** What the server answers: a JSON body (or raw text), a status (200), a delay in ms. */
export interface Reply {
  status?: number;
  json?: unknown;
  /** Raw text instead of JSON (garbage, an HTML form, an empty body). */
  text?: string;
  headers?: Record<string, string>;
  delay?: number;
  /** The network fails instead (fetch rejects with a TypeError). */
  networkError?: boolean;
}

export type Answer = Reply | ((request: RecordedRequest) => Reply);

/** Matches the path (exactly, with or without the base) or, as a RegExp, anywhere in the URL. */
export type UrlPattern = string | RegExp;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Route {
  method: Method;
  pattern: UrlPattern;
  answers: Answer[];
  used: number;
}

export interface FakeServer {
  /**
   * Answers `method` + `pattern` with the answers in order; the last one repeats. A later route
   * for the same request takes precedence, so a test can override a default.
   */
  on(method: Method, pattern: UrlPattern, ...answers: Answer[]): FakeServer;
  /** Every request, in order, including unexpected ones. */
  readonly requests: RecordedRequest[];
  /** The requests that matched `method` + `pattern`. */
  requestsTo(method: Method, pattern: UrlPattern): RecordedRequest[];
  /** The fetch function itself, for code that takes one (createApiClient({ fetch })). */
  readonly fetch: typeof globalThis.fetch;
}

/** Servers of the running test, checked for unexpected requests when it ends. */
const live = new Set<{ unexpected: string[] }>();

/**
 * The requests no route answered since the last call, and forgets the servers. The preset's
 * setup fails every test that made one: the code under test would also have swallowed the
 * network error into a result, so the test alone might not notice.
 */
export function takeUnexpectedRequests(): string[] {
  const unexpected = [...live].flatMap((server) => server.unexpected);
  live.clear();
  return unexpected;
}

function parseBody(body: BodyInit | null | undefined, headers: Headers): unknown {
  if (body === undefined || body === null) return null;
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (typeof body !== 'string') return body;
  const type = headers.get('Content-Type') ?? '';
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(body));
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function pathOf(url: string, bases: readonly string[]): string {
  const base = bases.find((candidate) => url.startsWith(candidate));
  if (base) return url.slice(base.length);
  const parsed = new URL(url, 'http://localhost/');
  return `${parsed.pathname}${parsed.search}`.replace(/^\//, '');
}

function matches(route: Route, request: RecordedRequest): boolean {
  if (route.method !== request.method) return false;
  if (route.pattern instanceof RegExp) return route.pattern.test(request.url);
  const wanted = route.pattern.replace(/^\//, '');
  return request.path === wanted || request.url === route.pattern;
}

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * A fake server. `base` (e.g. the service URL, or several) is cut from recorded paths, so a route and an
 * assertion can say 'factor/v1/MeCreds'. With `global: false` it does not replace globalThis.fetch
 * (pass `server.fetch` yourself).
 */
export function fakeServer(
  options: { base?: string | readonly string[]; global?: boolean } = {},
): FakeServer {
  const bases = typeof options.base === 'string' ? [options.base] : (options.base ?? []);
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];
  const state = { unexpected: [] as string[] };
  live.add(state);

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const request: RecordedRequest = {
      method,
      url,
      path: pathOf(url, bases),
      headers,
      body: parseBody(init.body, headers),
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = routes.findLast((candidate) => matches(candidate, request));
    if (!route) {
      state.unexpected.push(`${method} ${url}`);
      throw new TypeError(`fake server: no answer for ${method} ${url}`);
    }
    const answer = route.answers[Math.min(route.used, route.answers.length - 1)];
    route.used += 1;
    if (!answer) throw new TypeError(`fake server: no answer for ${method} ${url}`);
    const reply = typeof answer === 'function' ? answer(request) : answer;
    if (reply.delay) await wait(reply.delay, init.signal);
    if (reply.networkError) throw new TypeError('Failed to fetch');
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text === '' ? null : text, {
      status: reply.status ?? 200,
      headers: reply.headers ?? (reply.text === undefined ? { 'Content-Type': 'application/json' } : {}),
    });
  };
  const spy = vi.fn(fetch) as unknown as typeof globalThis.fetch;
  if (options.global !== false) vi.stubGlobal('fetch', spy);

  const server: FakeServer = {
    on(method, pattern, ...answers) {
      routes.push({ method, pattern, answers, used: 0 });
      return server;
    },
    requests,
    requestsTo: (method, pattern) =>
      requests.filter((request) => matches({ method, pattern, answers: [], used: 0 }, request)),
    fetch: spy,
  };
  return server;
}
