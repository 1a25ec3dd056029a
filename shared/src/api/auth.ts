import * as v from 'valibot';
import { flowStateAtom, rememberDeviceEnabledAtom } from '../session/atoms';
import type { CallOptions, RequestDeps, Send } from './request';
import { HEADERS } from './request';
import { AuthReplySchema } from './schemas';
import { UserInfoTextSchema } from './userInfo';

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

/** Authentication calls of spec section 7, against the service URL with the client token. */
export function createAuthCalls(send: Send, deps: RequestDeps) {
  const { store } = deps;
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

    /** POST auth/v1/authenticate { resetFlow, subject }: a new flow state for the same user. */
    resetUser(subject: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/authenticate',
        base: 'service',
        body: { resetFlow: true, subject: subject.toLowerCase() },
        schema: AuthReplySchema,
      });
    },

    /** POST auth/v1/SelectedFactor { factor }: the factor chosen on the selection screen. */
    selectFactor(factor: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/SelectedFactor',
        base: 'service',
        body: { factor },
        schema: AuthReplySchema,
      });
    },

    /** 'Choose another' (More Options): back to the factor choice. */
    chooseAnotherFactor(call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/SelectedFactor',
        base: 'service',
        body: { action: 'chooseanother' },
        schema: AuthReplySchema,
      });
    },

    /** Restores the last action; its reply is routed with the automatic factor redirect skipped. */
    restoreLastAction(call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/SelectedFactor',
        base: 'service',
        body: { action: 'restorelastaction', latestFlowState: true },
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

    /** POST oauth2/v1/userinfo, form-encoded access_token; the text is JSON or a signed token. */
    getUserInfo(accessToken: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'oauth2/v1/userinfo',
        base: 'service',
        token: 'none',
        form: { access_token: accessToken },
        responseType: 'text',
        schema: UserInfoTextSchema,
      });
    },
  };
}
