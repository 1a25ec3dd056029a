import { messages } from '../messages';
import type { RegistrationType } from '../paths';

/** One row of the credential types table of spec section 3. */
export interface CredentialTypeInfo {
  type: RegistrationType;
  rank: number;
  displayName: string;
  /** sms and email are listed but cannot be registered here. */
  registrationDisabled: boolean;
  /** Name on the registration type list when it differs from the display name. */
  registrationName: (vendorAccessName: string) => string;
}

/** The word is read when the list is shown (in the active locale), never when this module loads. */
const sameAsDisplay = (name: () => string) => () => name();

export const CREDENTIAL_TYPES: readonly CredentialTypeInfo[] = [
  {
    type: 'sms',
    rank: 1,
    get displayName() {
      return messages.credentialTypes.sms;
    },
    registrationDisabled: true,
    registrationName: sameAsDisplay(() => messages.credentialTypes.sms),
  },
  {
    type: 'email',
    rank: 2,
    get displayName() {
      return messages.credentialTypes.email;
    },
    registrationDisabled: true,
    registrationName: sameAsDisplay(() => messages.credentialTypes.email),
  },
  {
    type: 'fido',
    rank: 3,
    get displayName() {
      return messages.credentialTypes.fido;
    },
    registrationDisabled: false,
    registrationName: sameAsDisplay(() => messages.credentialTypes.fido),
  },
  {
    type: 'securitykey',
    rank: 4,
    get displayName() {
      return messages.credentialTypes.securitykey;
    },
    registrationDisabled: false,
    registrationName: sameAsDisplay(() => messages.credentialTypes.securitykey),
  },
  {
    type: 'passkey',
    rank: 5,
    get displayName() {
      return messages.credentialTypes.passkey;
    },
    registrationDisabled: false,
    registrationName: sameAsDisplay(() => messages.credentialTypes.passkey),
  },
  {
    type: 'totp',
    rank: 6,
    get displayName() {
      return messages.credentialTypes.totp;
    },
    registrationDisabled: false,
    registrationName: sameAsDisplay(() => messages.registration.totpName),
  },
  // The vendor access name is configuration (portalConfig.vendorAccessName).
  {
    type: 'totp_push',
    rank: 7,
    get displayName() {
      return messages.credentialTypes.totp_push;
    },
    registrationDisabled: false,
    registrationName: (vendor) => vendor,
  },
];

/** ivr (voice call) is a login-only type: it has no row and is never offered for registration. */
export function credentialTypeInfo(type: string): CredentialTypeInfo | undefined {
  const normalized = type.toLowerCase();
  return CREDENTIAL_TYPES.find((info) => info.type === normalized);
}

/** Sorts credentials by the rank of their type; unknown types go last. */
export function byCredentialRank<T extends { credType: string }>(a: T, b: T): number {
  const rank = (item: T) => credentialTypeInfo(item.credType)?.rank ?? Number.MAX_SAFE_INTEGER;
  return rank(a) - rank(b);
}
