import type { ApiResult } from '../../api/result';
import { paths } from '../../routes/paths';
import { idpData, savedQueryParams } from '../../storage/sessionStore';
import { refreshTokenAtom, userTokenAtom } from '../atoms';
import { transition } from '../signInState';
import type { PortalStore } from '../store';
import type { LogoutReason } from './sessionLifecycle';
import type { SignedOutState } from './signedOutState';

export interface LogoutDeps {
  store: PortalStore;
  /** POST v1/token/revoke { token } (api.revokeToken). */
  revoke: (token: string) => Promise<ApiResult<unknown>>;
  /** React Router's navigate (flushSync: the new page is committed before it returns). */
  navigate: (
    to: string,
    options: { replace: boolean; flushSync: boolean; state?: SignedOutState },
  ) => void | Promise<void>;
  /** Why the session ends: /signed-out says so when it was inactivity ('idle'). */
  reason?: LogoutReason;
  /** Where the failed revoke is reported (never with the token). */
  warn?: (message: string) => void;
}

/**
 * Logout (spec section 4): leave for /signed-out, forget the session state and the query
 * parameters, then revoke the tokens. The page state is gone before the server is asked, so a
 * revoke that fails or never answers still leaves the user signed out on /signed-out (spec
 * section 8: the failure is only logged).
 */
export async function logout(deps: LogoutDeps): Promise<void> {
  const { store } = deps;
  // The refresh token is revoked by its sign-in's handle (all the page holds of it): the portal
  // server revokes the one in that sign-in's HttpOnly cookie and clears the cookie.
  const tokens = [store.get(refreshTokenAtom), store.get(userTokenAtom)].filter((token): token is string =>
    Boolean(token),
  );
  // Navigating first replaces the address, and with it every query parameter. The signedOut
  // transition (whose target is this same /signed-out) runs once the guarded screen is gone
  // (flushSync commits the new page at once): a signed-in screen that saw its tokens vanish
  // would send the user to the start instead.
  const state: SignedOutState | undefined = deps.reason ? { signedOutFor: deps.reason } : undefined;
  await deps.navigate(paths.signedOut, { replace: true, flushSync: true, state });
  transition(store, { type: 'signedOut' });
  savedQueryParams.remove();
  idpData.remove();

  const results = await Promise.all(
    tokens.map((token) =>
      deps
        .revoke(token)
        .catch(
          (): ApiResult<unknown> => ({ ok: false, error: { kind: 'network', message: 'revoke threw' } }),
        ),
    ),
  );
  const failed = results.find((result) => !result.ok);
  if (failed && !failed.ok) {
    (deps.warn ?? console.warn)(`[portal] token revoke failed: ${failed.error.message}`);
  }
}
