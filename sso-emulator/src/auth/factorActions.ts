import type { Credential, CredType, User } from '../state/model.js';

export interface FactorStepReply {
  nextaction: string;
  credentials?: Array<Pick<Credential, 'credId' | 'credType' | 'credValue' | 'default'>>;
  customFlowId?: string;
}

const OTP_FACTOR_TYPES: Record<string, CredType> = { SMSOTP: 'sms', EMAILOTP: 'email', IVROTP: 'ivr' };
const FIDO_FACTOR_TYPES: Record<string, CredType> = {
  FIDO: 'fido',
  SECURITYKEY: 'securitykey',
  PASSKEY: 'passkey',
};

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

/** The next action the server announces for one factor code (spec section 4, next action table). */
export function factorStepReply(factor: string, user: User): FactorStepReply {
  const [base = '', suffix] = factor.split('/');
  const otpType = OTP_FACTOR_TYPES[base];
  if (otpType) {
    return { nextaction: `${otpType.toUpperCase()}_OTP_SELECTION`, credentials: activeOf(user, [otpType]) };
  }
  const fidoType = FIDO_FACTOR_TYPES[base];
  if (fidoType) {
    const registered = activeOf(user, [fidoType]).length > 0;
    return { nextaction: `${base}_${registered ? 'AUTH' : 'REGISTER'}_GENERATE_CHALLENGE` };
  }
  switch (base) {
    case 'PASSWORD':
      return { nextaction: 'PASSWORD_AUTH' };
    case 'OTP': {
      const credentials = activeOf(user, ['sms', 'email', 'ivr']);
      const first = credentials.find((c) => c.default) ?? credentials[0];
      const type = first?.credType ?? 'sms';
      return { nextaction: `${type.toUpperCase()}_OTP_SELECTION`, credentials };
    }
    case 'MOBILEOTP': {
      const credentials = activeOf(user, ['totp']);
      return { nextaction: credentials.length > 0 ? 'MOBILEOTP_AUTH' : 'MOBILEOTP_REGISTER', credentials };
    }
    case 'PUSH':
      return { nextaction: 'PUSH_SELECTION', credentials: activeOf(user, ['totp_push']) };
    case 'CUSTOM':
      return { nextaction: 'CUSTOM_AUTH', customFlowId: suffix ?? '' };
    case 'IDP':
      return { nextaction: 'IDP_AUTH' };
    default:
      return { nextaction: 'AUTH_DENIED' };
  }
}
