import type { AuthenticateBody, KeyValue, SubjectlessAuthenticateBody } from '../api/loginCalls';
import type { RiskType } from '@portal/shared/config';

/**
 * The 'Authenticate request' of spec section 3, built from what the User ID screen knows. Pure,
 * so each field and each risk type can be tested. The subject is lower-cased here and again by
 * the API client; the latest-flow-state marker is added by the client when a flow state exists.
 */

export interface AuthenticateInput {
  userName: string;
  rememberMe: boolean;
  riskType: RiskType | null;
  /** The vendor's device data or the fallback fingerprint. */
  deviceData: string;
  /** From the trusted-device cookie, when present. */
  trustedDeviceId?: string | null;
  /** From the FIDO identifier cookie, when present. */
  fidoIdentifier?: string | null;
}

type DeviceFields = Pick<AuthenticateBody, 'device' | 'clientContext'>;

/** Device data by risk type; AARISK and anything else send device.signature. */
const DEVICE_FIELDS: Readonly<Record<RiskType, (data: string, rememberMe: boolean) => DeviceFields>> = {
  IARISK: (data) => ({ device: { signature: { iaAuthData: data } } }),
  AARISK: (data) => ({ device: { signature: data } }),
  RSARISK: (data, rememberMe) => ({
    clientContext: [
      { key: 'deviceprint', value: data },
      { key: 'rememberme', value: String(rememberMe) },
    ],
  }),
};

export function buildAuthenticateBody(input: AuthenticateInput): AuthenticateBody {
  const device = input.riskType ? DEVICE_FIELDS[input.riskType] : DEVICE_FIELDS.AARISK;
  const authContext: KeyValue[] | undefined = input.fidoIdentifier
    ? [{ key: 'fidoIdentifier', value: input.fidoIdentifier }]
    : undefined;
  return {
    channel: 'web',
    action: 'authenticate',
    subject: input.userName.trim().toLowerCase(),
    rememberMe: input.rememberMe,
    ...(input.trustedDeviceId ? { trustedDeviceID: input.trustedDeviceId } : {}),
    ...(authContext ? { authContext } : {}),
    ...device(input.deviceData, input.rememberMe),
  };
}

/**
 * The authenticate request without a user (the oauth2 arrival when no user is remembered): no
 * subject, rememberMe or cookies, only the device data by risk type (RSARISK's rememberme is
 * 'false': nobody has chosen it yet).
 */
export function buildSubjectlessAuthenticateBody(
  input: Pick<AuthenticateInput, 'riskType' | 'deviceData'>,
): SubjectlessAuthenticateBody {
  const device = input.riskType ? DEVICE_FIELDS[input.riskType] : DEVICE_FIELDS.AARISK;
  return { channel: 'web', action: 'authenticate', ...device(input.deviceData, false) };
}
