import { refreshTokenAtom } from '../atoms';
import type { PortalStore } from '../store';

/**
 * A new sign-in in this page that replaces one still held ends the old one: when the held refresh
 * handle changes from one sign-in's to another's, the old handle is revoked (the portal server
 * revokes its refresh token at the SSO and clears its cookie). Logout clears the handle and
 * revokes it itself. Returns the function that stops watching.
 */
export function revokeReplacedSignIns(
  store: PortalStore,
  revoke: (handle: string) => Promise<unknown>,
  warn: (message: string) => void = console.warn,
): () => void {
  let held = store.get(refreshTokenAtom);
  return store.sub(refreshTokenAtom, () => {
    const next = store.get(refreshTokenAtom);
    if (held && next && next !== held) {
      revoke(held).catch(() => warn('[portal] the replaced sign-in could not be revoked'));
    }
    held = next;
  });
}
