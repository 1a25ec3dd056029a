import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStorageAreas } from '../src/startup/openStorage';

describe('opening the storage areas at start-up', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses both the tab’s session storage and the origin’s local storage once', () => {
    const used: Storage[] = [];
    vi.spyOn(Storage.prototype, 'key').mockImplementation(function (this: Storage) {
      used.push(this);
      return null;
    });
    openStorageAreas();
    expect(used).toHaveLength(2);
    expect(used[0]).toBe(window.sessionStorage);
    expect(used[1]).toBe(window.localStorage);
  });

  it('leaves unavailable storage alone and still opens the other area', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const key = vi.spyOn(Storage.prototype, 'key');
    expect(() => openStorageAreas()).not.toThrow();
    expect(key).toHaveBeenCalledTimes(1);
  });
});
