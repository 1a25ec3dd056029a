import type { AuthenticatorSelectionCriteria } from '@simplewebauthn/server';
import type { EmulatorConfig } from '../config.js';
import { errors } from '../http/apiError.js';
import type { CredType } from '../state/model.js';
import type { FidoType } from './schemas.js';

export const FIDO_CEREMONY_TIMEOUT_MS = 120_000;

export function credTypeOf(type: FidoType): CredType {
  return type.toLowerCase() as Lowercase<FidoType>;
}

/** The page origin must be one of the configured portal origins (the WebAuthn expected origins). */
export function requireAllowedOrigin(config: EmulatorConfig, documentDomain: string): void {
  const origin = new URL(documentDomain).origin;
  if (!config.portalOrigins.includes(origin)) {
    throw errors.badRequest('Invalid request field documentDomain: not an allowed origin');
  }
}

/** Biometric = platform authenticator; security key = roaming; passkey = discoverable credential. */
export function selectionFor(type: FidoType): AuthenticatorSelectionCriteria {
  switch (type) {
    case 'FIDO':
      return { authenticatorAttachment: 'platform', residentKey: 'preferred', userVerification: 'required' };
    case 'SECURITYKEY':
      return {
        authenticatorAttachment: 'cross-platform',
        residentKey: 'discouraged',
        userVerification: 'preferred',
      };
    case 'PASSKEY':
      return { residentKey: 'required', requireResidentKey: true, userVerification: 'required' };
  }
}

export function userVerificationFor(type: FidoType): 'required' | 'preferred' {
  return type === 'SECURITYKEY' ? 'preferred' : 'required';
}
