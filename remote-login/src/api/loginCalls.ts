import * as v from 'valibot';
import { type CallOptions, createSend, HEADERS, type Send } from '@portal/shared/api/request';
import { AuthReplySchema } from '@portal/shared/api/schemas';
import { flowStateAtom, rememberDeviceEnabledAtom } from '@portal/shared/session/atoms';
import { type PortalStore, portalStore } from '@portal/shared/session/store';

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
 * The calls of spec section 7 that only the sign-in screens make (User ID, password, change
 * password, identity provider). They go through the kernel's one fetch wrapper (`createSend`:
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

    /**
     * The identity provider's hand-back (spec section 4, 'Identity provider' step 4; sso-emulator
     * README, 'Identity-provider hand-back contract' step 5): POST auth/v1/authenticate again with
     * the flow state the provider returned and no subject, which `authenticate` requires.
     */
    reauthenticateAfterIdp(flowState: string, call?: CallOptions) {
      store.set(flowStateAtom, flowState);
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/authenticate',
        base: 'service',
        body: { channel: 'web', action: 'authenticate', latestFlowState: true },
        schema: AuthReplySchema,
      });
    },

    /**
     * GET oauth2/v1/idp: the identity provider's SAML form, as text. The relay state names the
     * portal's /idpComplete page (absolute URL) so the provider returns there.
     */
    generateIdpForm(relayStateUrl: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'GET',
        path: 'oauth2/v1/idp',
        base: 'service',
        headers: { [HEADERS.relayState]: relayStateUrl },
        responseType: 'text',
        schema: v.pipe(v.string(), v.minLength(1)),
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

export type LoginCalls = ReturnType<typeof createLoginCalls>;

let bound: { store: PortalStore; calls: LoginCalls } | null = null;

/**
 * The sign-in calls, bound to the portal's one store and the browser's fetch (late-bound, so a
 * test or polyfill that replaces globalThis.fetch is honoured). The store is read at each use, not
 * at import: the page has one, but unit tests give every test its own.
 */
export function loginApi(): LoginCalls {
  if (bound?.store !== portalStore) {
    const send = createSend({
      store: portalStore,
      fetch: (input, init) => globalThis.fetch(input, init),
      now: () => Date.now(),
    });
    bound = { store: portalStore, calls: createLoginCalls(portalStore, send) };
  }
  return bound.calls;
}
