import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../src/rateLimit/clientKey.js';

describe('clientAddressKey: what a per-client rate limit counts under', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it('two addresses of one /64 share a key; the next /64 does not', () => {
    expect(clientAddressKey('2001:db8:1:2::a')).toBe(clientAddressKey('2001:db8:1:2:ffff::b'));
    expect(clientAddressKey('2001:db8:1:3::a')).not.toBe(clientAddressKey('2001:db8:1:2::a'));
  });
});
