import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import type { FidoCredType } from '@portal/shared/session/atoms';

/** One row per FIDO credential type: its screen, prompt message and icon. */
export interface FidoTypeRow {
  type: FidoCredType;
  validateMessage: string;
  icon: 'biometric' | 'securityKey';
}

export const FIDO_TYPES: Readonly<Record<FidoCredType, FidoTypeRow>> = {
  FIDO: { type: 'FIDO', validateMessage: messages.fido.validateBiometric, icon: 'biometric' },
  SECURITYKEY: {
    type: 'SECURITYKEY',
    validateMessage: messages.fido.validateSecurityKey,
    icon: 'securityKey',
  },
  PASSKEY: { type: 'PASSKEY', validateMessage: messages.fido.validatePasskey, icon: 'biometric' },
};

const TYPE_BY_PATH: Readonly<Record<string, FidoCredType>> = {
  [paths.fido]: 'FIDO',
  [paths.securityKey]: 'SECURITYKEY',
  [paths.passkey]: 'PASSKEY',
};

/** The credential type a FIDO route stands for (the route decides; FIDO when unknown). */
export function fidoTypeForPath(pathname: string): FidoTypeRow {
  const key = pathname.replace(/\/+$/, '');
  const type = Object.hasOwn(TYPE_BY_PATH, key) ? TYPE_BY_PATH[key] : undefined;
  return FIDO_TYPES[type ?? 'FIDO'];
}

/** The challenge reply's nextaction must match the type (spec section 4, FIDO login). */
export function expectedChallengeAction(type: FidoCredType, mode: 'login' | 'register'): string {
  return `${type}_${mode === 'login' ? 'AUTH' : 'REGISTER'}_VERIFY_CHALLENGE`;
}

/** Registration mode: the navigation said so, or the reply that opened the screen is a registration. */
export function isRegisterMode(stateMode: unknown, openingAction: string | null | undefined): boolean {
  return stateMode === 'register' || Boolean(openingAction?.endsWith('_REGISTER_GENERATE_CHALLENGE'));
}
