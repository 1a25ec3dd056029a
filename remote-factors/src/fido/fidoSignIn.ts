import type { FidoIconName } from '@portal/shared/fido';
import type { FidoCredType } from '@portal/shared/session';
import { messages } from '../messages';
import { type FactorPath, paths } from '../paths';

/**
 * The FIDO sign-in screens in one table (spec section 4, FIDO login): for each credential type
 * its screen, its wording and its icon. The screen, its contributions (routes and the next
 * actions that open it) and the registration-mode rule read it, so a new FIDO sign-in type is one
 * new row. The service's FIDO codes and the challenge-reply rule, which self-service registration
 * shares, stay in the kernel (`@portal/shared/fido/fidoTypes`, `fido/challengeReply`).
 */
export interface FidoSignIn {
  credType: FidoCredType;
  path: FactorPath;
  /** 'Validate your …' under the icon. */
  validateMessage: string;
  icon: FidoIconName;
}

export const FIDO_SIGN_INS: readonly [FidoSignIn, ...FidoSignIn[]] = [
  {
    credType: 'FIDO',
    path: paths.fido,
    get validateMessage() {
      return messages.fido.validateBiometric;
    },
    icon: 'biometric',
  },
  {
    credType: 'SECURITYKEY',
    path: paths.securityKey,
    get validateMessage() {
      return messages.fido.validateSecurityKey;
    },
    icon: 'securityKey',
  },
  // A passkey is unlocked like the device itself (fingerprint, face, PIN): the biometric drawing.
  {
    credType: 'PASSKEY',
    path: paths.passkey,
    get validateMessage() {
      return messages.fido.validatePasskey;
    },
    icon: 'biometric',
  },
];

/** The step that opens the screen for a type: a sign-in or an inline registration. */
export const fidoOpeningAction = (credType: FidoCredType, mode: 'login' | 'register'): string =>
  `${credType}_${mode === 'login' ? 'AUTH' : 'REGISTER'}_GENERATE_CHALLENGE`;

/** The row a sign-in FIDO route stands for (the route decides; FIDO when unknown). */
export function fidoSignInForPath(pathname: string): FidoSignIn {
  const path = pathname.replace(/\/+$/, '');
  return FIDO_SIGN_INS.find((row) => row.path === path) ?? FIDO_SIGN_INS[0];
}

/** Registration mode: the navigation said so, or the reply that opened the screen is a registration. */
export function isRegisterMode(stateMode: unknown, openingAction: string | null | undefined): boolean {
  return (
    stateMode === 'register' ||
    FIDO_SIGN_INS.some((row) => fidoOpeningAction(row.credType, 'register') === openingAction)
  );
}
