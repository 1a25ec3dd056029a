import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../src/rateLimit/rateLimitStore.js';
import { decodeSealingKey, sealingKey } from '../src/tokens/custody/sealingKeys.js';
import { TokenSealer } from '../src/tokens/custody/tokenSealer.js';

const KEY = sealingKey(Buffer.alloc(32, 3));
const NOW = 1_800_000_000_000;
const since = NOW / 1000 - 60;
const payload = { t: 'rt-1', h: 'handle-hash', since, used: since };
const sealer = (purpose = 'refresh') => new TokenSealer({ keys: [KEY], purpose });

describe('TokenSealer (AES-256-GCM)', () => {
  it('opens what it sealed (token, handle hash, sign-in and last-use times); every seal is different (random IV)', () => {
    const a = sealer().seal(payload);
    const b = sealer().seal(payload);
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^v1\\.${KEY.id}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]+$`));
    expect(sealer().open(a)).toEqual({ ok: true, payload });
  });

  it('refuses every changed byte, a truncated value, another purpose and an unknown key', () => {
    const sealed = sealer().seal(payload);
    const [format, id, iv, body] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[at] = (bytes[at] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    const bodyLength = Buffer.from(body, 'base64url').length;
    for (let at = 0; at < bodyLength; at += 1) {
      expect(sealer().open([format, id, iv, flip(body, at)].join('.'))).toEqual({
        ok: false,
        reason: 'tampered',
      });
    }
    expect(sealer().open([format, id, flip(iv, 0), body].join('.'))).toMatchObject({ ok: false });
    expect(sealer().open(sealed.slice(0, -4))).toMatchObject({ ok: false });
    expect(sealer('another use').open(sealed)).toEqual({ ok: false, reason: 'tampered' });
    expect(sealer().open([format, 'deadbeef', iv, body].join('.'))).toEqual({
      ok: false,
      reason: 'unknown key',
    });
    expect(sealer().open(`v2.${id}.${iv}.${body}`)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads keys as 32 bytes of base64 or base64url only', () => {
    const bytes = Buffer.alloc(32, 250);
    expect(decodeSealingKey(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeSealingKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(decodeSealingKey(Buffer.alloc(31).toString('base64'))).toBeUndefined();
    expect(decodeSealingKey('not a key!')).toBeUndefined();
  });
});

describe('MemoryRateLimitStore', () => {
  it('counts per key in fixed windows and keeps at most maxKeys keys', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now, 2);
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now = 400;
    expect(await store.hit('a', 1000)).toEqual({ count: 2, resetInMs: 600 });
    await store.hit('b', 1000);
    // A third key pushes out the oldest: the map never grows past maxKeys.
    await store.hit('c', 1000);
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now = 1400;
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });
});
