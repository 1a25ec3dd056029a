import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../src/api/client';
import { CALL_TIMEOUT_MS, REPLY_LIMITS } from '../src/api/replyLimits';
import { clientTokenAtom, serviceUrlAtom } from '../src/session/atoms';

/** The client against one reply, given as text with its headers. */
function clientAnswering(text: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const store = createStore();
  store.set(serviceUrlAtom, 'http://sso.test/default/');
  store.set(clientTokenAtom, 'client-1');
  const api = createApiClient({
    store,
    fetch: async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'application/json', ...headers } }),
    now: () => 1_700_000_000_000,
    origin: () => 'http://localhost:8080',
  });
  return { api, store };
}

const unreadable = {
  ok: false,
  error: { kind: 'malformed', message: 'The server sent a reply the portal cannot read.' },
};

describe('reply limits (docs/contracts.md): a reply over one is malformed, never trusted', () => {
  it.each([
    ['a user name', { nextaction: 'PASSWORD_AUTH', userName: 'n'.repeat(REPLY_LIMITS.name + 1) }],
    ['a message', { nextaction: 'PASSWORD_AUTH', data: { message: 'm'.repeat(REPLY_LIMITS.message + 1) } }],
    ['a token', { nextaction: 'AUTH_ALLOWED', access_token: 't'.repeat(REPLY_LIMITS.token + 1) }],
    ['a label', { nextaction: 'A'.repeat(REPLY_LIMITS.label + 1) }],
    [
      'an address',
      { nextaction: 'AUTH_ALLOWED', authCompleteUrl: `https://x.test/${'u'.repeat(REPLY_LIMITS.url)}` },
    ],
    [
      'a list',
      {
        nextaction: 'PASSWORD_AUTH',
        currentFactors: Array.from({ length: REPLY_LIMITS.listItems + 1 }, () => 'PUSH'),
      },
    ],
    ['an unknown string field', { nextaction: 'PASSWORD_AUTH', extra: 'x'.repeat(REPLY_LIMITS.text + 1) }],
  ])('%s over its limit', async (_name, body) => {
    const { api } = clientAnswering(JSON.stringify(body));
    expect(await api.selectFactor('PASSWORD')).toMatchObject(unreadable);
  });

  it('the same reply at its limits is read', async () => {
    const body = {
      nextaction: 'PASSWORD_AUTH',
      userName: 'n'.repeat(REPLY_LIMITS.name),
      data: { message: 'm'.repeat(REPLY_LIMITS.message) },
    };
    const { api } = clientAnswering(JSON.stringify(body));
    expect(await api.selectFactor('PASSWORD')).toMatchObject({ ok: true, data: body });
  });

  it('a body over the byte limit is refused by its declared length, unread', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('{"a":"'));
      },
    });
    const { api } = clientAnswering(stream, { 'content-length': String(REPLY_LIMITS.bodyBytes + 1) });
    expect(await api.selectFactor('PASSWORD')).toMatchObject({
      ...unreadable,
      error: { ...unreadable.error, detail: `over ${REPLY_LIMITS.bodyBytes} bytes` },
    });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('a body that grows past the byte limit without declaring it is cut off', async () => {
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const { api } = clientAnswering(stream);
    expect(await api.selectFactor('PASSWORD')).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    expect(sent).toBeLessThan(10);
  });

  it('a reply nested deeper than the limit is refused before parsing, whatever its depth', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const { api } = clientAnswering(deep);
    expect(await api.selectFactor('PASSWORD')).toMatchObject({
      ok: false,
      error: { kind: 'malformed', detail: `nested deeper than ${REPLY_LIMITS.depth}` },
    });
  });

  it('brackets inside strings do not count as nesting', async () => {
    const { api } = clientAnswering(
      JSON.stringify({ nextaction: 'PASSWORD_AUTH', data: { message: '{['.repeat(100) } }),
    );
    expect(await api.selectFactor('PASSWORD')).toMatchObject({ ok: true });
  });

  it('a list where the reply object belongs is malformed', async () => {
    const { api } = clientAnswering(JSON.stringify([{ nextaction: 'PASSWORD_AUTH' }]));
    expect(await api.selectFactor('PASSWORD')).toMatchObject({
      ok: false,
      error: { kind: 'malformed', detail: 'the reply is a list where an object belongs' },
    });
  });

  it('a list inside, where a reply object belongs (valibot would take it), is malformed', async () => {
    const { api } = clientAnswering(JSON.stringify({ nextaction: 'PASSWORD_AUTH', data: [] }));
    expect(await api.selectFactor('PASSWORD')).toMatchObject({
      ok: false,
      error: { kind: 'malformed', detail: 'data is a list where an object belongs' },
    });
  });

  it('a userinfo reply that is a list, has no name, or whose name is over its limit, is malformed (not a silent fallback)', async () => {
    for (const text of [
      '[{"name":"Pat"}]',
      '{}',
      '{"name":""}',
      JSON.stringify({ name: 'n'.repeat(REPLY_LIMITS.name + 1) }),
    ]) {
      const { api } = clientAnswering(text);
      expect(await api.getUserInfo('user-token')).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    }
  });
});

describe('a server that hangs', () => {
  it(`fails as 'network' after CALL_TIMEOUT_MS, before headers or in the middle of the body`, async () => {
    vi.useFakeTimers();
    try {
      for (const hangs of ['before the answer', 'mid-body'] as const) {
        const store = createStore();
        store.set(serviceUrlAtom, 'http://sso.test/default/');
        const fetch = (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            if (hangs === 'mid-body')
              resolve(
                new Response(
                  new ReadableStream<Uint8Array>({
                    start(controller) {
                      controller.enqueue(new TextEncoder().encode('{"nextaction":'));
                      init.signal?.addEventListener('abort', () =>
                        controller.error(new DOMException('aborted', 'AbortError')),
                      );
                    },
                  }),
                ),
              );
          });
        const api = createApiClient({ store, fetch, now: () => 0, origin: () => 'http://localhost:8080' });
        const call = api.selectFactor('PASSWORD');
        await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
        let settled = false;
        void call.then(() => {
          settled = true;
        });
        await vi.advanceTimersByTimeAsync(0);
        expect(settled).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        expect(await call).toMatchObject({
          ok: false,
          error: { kind: 'network', message: 'The server could not be reached.' },
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
