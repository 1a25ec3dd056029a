import type { Credential, CredType, User } from '../state/model.js';

export interface FactorStepReply {
  nextaction: string;
  credentials?: Array<Pick<Credential, 'credId' | 'credType' | 'credValue' | 'default'>>;
  customFlowId?: string;
  /** The step is an enrolment: the user has no active credential of the kind it needs (spec section 3). */
  inlineRegistration?: true;
}

const OTP_FACTOR_TYPES: Record<string, CredType> = { SMSOTP: 'sms', EMAILOTP: 'email', IVROTP: 'ivr' };
const FIDO_FACTOR_TYPES: Record<string, CredType> = {
  FIDO: 'fido',
  SECURITYKEY: 'securitykey',
  PASSKEY: 'passkey',
};

/**
 * The credential types that satisfy a factor code (its base before any '/suffix'); empty for the
 * factors that need none (password, custom, identity provider).
 */
export function credentialTypesFor(factorBase: string): readonly CredType[] {
  const otpType = OTP_FACTOR_TYPES[factorBase];
  if (otpType) return [otpType];
  const fidoType = FIDO_FACTOR_TYPES[factorBase];
  if (fidoType) return [fidoType];
  switch (factorBase) {
    case 'OTP':
      return ['sms', 'email', 'ivr'];
    case 'MOBILEOTP':
      return ['totp'];
    case 'PUSH':
      return ['totp_push'];
    default:
      return [];
  }
}

function activeOf(user: User, types: readonly CredType[]) {
  return user.credentials
    .filter((c) => c.status === 'ACTIVE' && !c.pending && types.includes(c.credType))
    .map(({ credId, credType, credValue, default: isDefault }) => ({
      credId,
      credType,
      credValue,
      default: isDefault,
    }));
}

/** An enrolment step: the register action, no options, and the spec's inline_registration flag. */
function enrolment(nextaction: string): FactorStepReply {
  return { nextaction, credentials: [], inlineRegistration: true };
}

/** The next action the server announces for one factor code (spec section 4, next action table). */
export function factorStepReply(factor: string, user: User): FactorStepReply {
  const [base = '', suffix] = factor.split('/');
  const active = activeOf(user, credentialTypesFor(base));
  const otpType = OTP_FACTOR_TYPES[base];
  if (otpType) {
    const upper = otpType.toUpperCase();
    return active.length > 0
      ? { nextaction: `${upper}_OTP_SELECTION`, credentials: active }
      : enrolment(`${upper}_OTP_REGISTER`);
  }
  if (FIDO_FACTOR_TYPES[base]) {
    return active.length > 0
      ? { nextaction: `${base}_AUTH_GENERATE_CHALLENGE` }
      : { nextaction: `${base}_REGISTER_GENERATE_CHALLENGE`, inlineRegistration: true };
  }
  switch (base) {
    case 'PASSWORD':
      return { nextaction: 'PASSWORD_AUTH' };
    case 'RECOVERYCODE':
      return { nextaction: 'RECOVERYCODE_AUTH' };
    case 'OTP': {
      // No OTP credential at all: enrol a phone for SMS, the most common first factor.
      if (active.length === 0) return enrolment('SMS_OTP_REGISTER');
      const first = active.find((c) => c.default) ?? active[0];
      const type = first?.credType ?? 'sms';
      return { nextaction: `${type.toUpperCase()}_OTP_SELECTION`, credentials: active };
    }
    case 'MOBILEOTP':
      return active.length > 0
        ? { nextaction: 'MOBILEOTP_AUTH', credentials: active }
        : enrolment('MOBILEOTP_REGISTER');
    case 'PUSH':
      return active.length > 0
        ? { nextaction: 'PUSH_SELECTION', credentials: active }
        : enrolment('PUSH_REGISTRATION_INITIATOR');
    case 'CUSTOM':
      return { nextaction: 'CUSTOM_AUTH', customFlowId: suffix ?? '' };
    case 'IDP':
      return { nextaction: 'IDP_AUTH' };
    default:
      return { nextaction: 'AUTH_DENIED' };
  }
}
