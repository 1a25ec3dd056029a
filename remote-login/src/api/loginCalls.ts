import { type CallOptions, type Send, AuthReplySchema } from '@portal/shared/transport';
import { flowStateAtom, rememberDeviceEnabledAtom, type PortalStore } from '@portal/shared/session';
import { boundToPortal } from './boundToPortal';

export interface KeyValue {
  key: string;
  value: string;
}

/** 'Authenticate request' of spec section 3, built by the User ID screen. */
export interface AuthenticateBody {
  channel: 'web';
  action: 'authenticate';
  subject: string;
  rememberMe?: boolean;
  trustedDeviceID?: string;
  authContext?: KeyValue[];
  /** IARISK: { signature: { iaAuthData } }; AARISK or default: { signature: fingerprint }. */
  device?: { signature: string | { iaAuthData: string } };
  /** RSARISK: deviceprint and rememberme. */
  clientContext?: KeyValue[];
}

/**
 * An authenticate request without a user (the oauth2 arrival when no user is remembered): the
 * transaction named by the flow state says who it is, or the server asks for the User ID.
 */
export type SubjectlessAuthenticateBody = Pick<
  AuthenticateBody,
  'channel' | 'action' | 'device' | 'clientContext'
>;

/** Marks a body for the service's device-tag handling; the header goes with it. */
const DEVICE_TAG = { deviceTag: true } as const;

/**
 * The calls of spec section 7 that only the User ID, password and change-password screens make
 * (the identity provider's are in idpCalls, so valibot loads with those screens only). They go through the kernel's one fetch wrapper (`createSend`:
 * tokens, flow-state and transaction headers, the 401 retry, restart-needed); a factory so tests
 * can pass their own store and send.
 */
export function createLoginCalls(store: PortalStore, send: Send) {
  return {
    /**
     * POST auth/v1/authenticate. The subject is lower-cased here and the latest-flow-state
     * marker added when a flow state exists, so no caller can forget either; the
     * remember-device flag is reset before sending (spec section 4, Login start 5).
     */
    authenticate(body: AuthenticateBody, call?: CallOptions) {
      store.set(rememberDeviceEnabledAtom, false);
      const marker = store.get(flowStateAtom) ? { latestFlowState: true } : {};
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/authenticate',
        base: 'service',
        body: { ...body, subject: body.subject.toLowerCase(), ...marker },
        schema: AuthReplySchema,
      });
    },

    /**
     * POST auth/v1/authenticate without a subject, for the transaction the flow state names (the
     * oauth2 arrival, spec section 4, Login start 2). Like `authenticate`: the latest-flow-state
     * marker when a flow state exists, the remember-device flag reset before sending.
     */
    authenticateWithoutSubject(body: SubjectlessAuthenticateBody, call?: CallOptions) {
      store.set(rememberDeviceEnabledAtom, false);
      const marker = store.get(flowStateAtom) ? { latestFlowState: true } : {};
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/authenticate',
        base: 'service',
        body: { ...body, ...marker },
        schema: AuthReplySchema,
      });
    },

    /** POST factor/v1/PasswordAuthenticator { password, device tag }. */
    passwordAuthenticate(password: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/PasswordAuthenticator',
        base: 'service',
        body: { password, ...DEVICE_TAG },
        deviceTag: true,
        schema: AuthReplySchema,
      });
    },

    /** PUT factor/v1/MePasswordUpdater { currentPassword, newPassword } (CHANGE_PASSWORD). */
    updatePassword(currentPassword: string, newPassword: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'PUT',
        path: 'factor/v1/MePasswordUpdater',
        base: 'service',
        body: { currentPassword, newPassword },
        schema: AuthReplySchema,
      });
    },
  };
}

type LoginCalls = ReturnType<typeof createLoginCalls>;

/** The sign-in calls, bound to the portal's store. */
export const loginApi = boundToPortal(createLoginCalls);
