import type { EmulatorState } from '../state/emulatorState.js';

/**
 * The dev API's view of every token family (GET /_emulator/api/token-families): a test plays the
 * attacker holding a copied refresh token, or checks what logout revoked.
 */
export function tokenFamiliesView(state: EmulatorState) {
  return state.tokenFamilies.list().map((family) => ({
    id: family.id,
    userName: family.userName,
    startedAt: new Date(family.startedAt).toISOString(),
    endsAt: new Date(family.endsAt).toISOString(),
    state: family.ended ?? 'active',
    refreshTokens: family.issued
      .filter((token) => token.kind === 'refresh')
      .map((token) => ({
        token: token.token,
        status:
          token.jti === family.currentRefreshJti
            ? 'current'
            : family.retired.has(token.jti)
              ? 'retired'
              : 'ended',
      })),
    accessTokens: family.issued.filter((token) => token.kind === 'access').map((token) => token.token),
  }));
}
