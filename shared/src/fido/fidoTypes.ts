import type { FidoCredType } from '../session/atoms';
import { messages } from '../messages/en_US';
import { type PortalPath, paths } from '../routes/paths';

/**
 * The FIDO facts of the portal in one table (spec sections 3 and 4): for each credential type
 * (biometric, security key, passkey) its server code, its self-service registration type, the
 * next actions that open and answer its challenge, its screens, its wording and its icon. The
 * next-action router, the FIDO screen and self-service registration all read it, so a new FIDO
 * type is one new row.
 */

/** The lower-case name self-service registration uses (/register/{type}, credType). */
export type FidoRegistrationType = 'fido' | 'securitykey' | 'passkey';

/** The two drawings of spec section 4 ('An icon per type (biometric or security key)'). */
export type FidoIconName = 'biometric' | 'securityKey';

/** The nextaction values of one type: the step that opens its screen and the challenge reply. */
export interface FidoActions {
  authGenerate: string;
  registerGenerate: string;
  authVerify: string;
  registerVerify: string;
}

export interface FidoType {
  credType: FidoCredType;
  registrationType: FidoRegistrationType;
  actions: FidoActions;
  /** The sign-in screen (also used for inline registration). */
  loginPath: PortalPath;
  /** The self-service verification screen after the registration form. */
  registerPath: string;
  /** 'Validate your …' under the icon, on both screens. */
  validateMessage: string;
  /** The word that replaces the code in inline messages (factor selection). */
  inlineName: string;
  icon: FidoIconName;
}

/** FIDO_AUTH_GENERATE_CHALLENGE, …: the spec names every FIDO next action after its type. */
function actionsOf(credType: FidoCredType): FidoActions {
  return {
    authGenerate: `${credType}_AUTH_GENERATE_CHALLENGE`,
    registerGenerate: `${credType}_REGISTER_GENERATE_CHALLENGE`,
    authVerify: `${credType}_AUTH_VERIFY_CHALLENGE`,
    registerVerify: `${credType}_REGISTER_VERIFY_CHALLENGE`,
  };
}

export const FIDO_TYPES: readonly FidoType[] = [
  {
    credType: 'FIDO',
    registrationType: 'fido',
    actions: actionsOf('FIDO'),
    loginPath: paths.fido,
    registerPath: paths.registerType('fido'),
    get validateMessage() {
      return messages.fido.validateBiometric;
    },
    get inlineName() {
      return messages.inlineFactorNames.FIDO;
    },
    icon: 'biometric',
  },
  {
    credType: 'SECURITYKEY',
    registrationType: 'securitykey',
    actions: actionsOf('SECURITYKEY'),
    loginPath: paths.securityKey,
    registerPath: paths.registerType('securitykey'),
    get validateMessage() {
      return messages.fido.validateSecurityKey;
    },
    get inlineName() {
      return messages.inlineFactorNames.SECURITYKEY;
    },
    icon: 'securityKey',
  },
  {
    // A passkey is unlocked like the device itself (fingerprint, face, PIN): the biometric drawing.
    credType: 'PASSKEY',
    registrationType: 'passkey',
    actions: actionsOf('PASSKEY'),
    loginPath: paths.passkey,
    registerPath: paths.registerType('passkey'),
    get validateMessage() {
      return messages.fido.validatePasskey;
    },
    get inlineName() {
      return messages.inlineFactorNames.PASSKEY;
    },
    icon: 'biometric',
  },
];

/** The registration types, for schemas that accept only a FIDO one. */
export const FIDO_REGISTRATION_TYPES = FIDO_TYPES.map((row) => row.registrationType) as [
  FidoRegistrationType,
  ...FidoRegistrationType[],
];

// The table has a row for FIDO, so these lookups always find one.
const [DEFAULT_ROW] = FIDO_TYPES as [FidoType, ...FidoType[]];

/** The row of a server code ('FIDO', 'SECURITYKEY', 'PASSKEY'). */
export function fidoTypeOf(credType: FidoCredType): FidoType {
  return FIDO_TYPES.find((row) => row.credType === credType) ?? DEFAULT_ROW;
}

/** The row of a self-service registration type ('fido', 'securitykey', 'passkey'). */
export function fidoTypeForRegistration(type: FidoRegistrationType): FidoType {
  return FIDO_TYPES.find((row) => row.registrationType === type) ?? DEFAULT_ROW;
}

/** The row a sign-in FIDO route stands for (the route decides; FIDO when unknown). */
export function fidoTypeForPath(pathname: string): FidoType {
  const path = pathname.replace(/\/+$/, '');
  return FIDO_TYPES.find((row) => row.loginPath === path) ?? DEFAULT_ROW;
}

/** The challenge reply's nextaction must match the type and mode (spec section 4, FIDO login). */
export function expectedChallengeAction(row: FidoType, mode: 'login' | 'register'): string {
  return mode === 'login' ? row.actions.authVerify : row.actions.registerVerify;
}

/** Registration mode: the navigation said so, or the reply that opened the screen is a registration. */
export function isRegisterMode(stateMode: unknown, openingAction: string | null | undefined): boolean {
  return stateMode === 'register' || FIDO_TYPES.some((row) => row.actions.registerGenerate === openingAction);
}

/** Transports a browser prompt can be limited to (WebAuthn AuthenticatorTransport). */
export const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** WebAuthn authenticatorAttachment: built into the device, or a separate one. */
export const AUTHENTICATOR_ATTACHMENTS = ['platform', 'cross-platform'] as const;
type AuthenticatorAttachment = (typeof AUTHENTICATOR_ATTACHMENTS)[number];

/**
 * The transports an authenticator attachment stands for: a platform authenticator is built in;
 * a cross-platform one is reached over USB, NFC, Bluetooth or a phone (hybrid).
 */
export const ATTACHMENT_TRANSPORTS: Readonly<Record<AuthenticatorAttachment, readonly Transport[]>> = {
  platform: ['internal'],
  'cross-platform': ['usb', 'nfc', 'ble', 'hybrid'],
};
