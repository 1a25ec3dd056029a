import {
  type CallOptions,
  HEADERS,
  type Send,
  type ApiResult,
  EmptyReplySchema,
} from '@portal/shared/transport';
import type { CredentialStatus } from '@portal/shared/config';
import { type Credential, CredentialListSchema } from './schemas';
import { CredentialsWithStepUpSchema, StepUpGrantSchema } from './stepUpSchemas';

/** A delete may carry a step-up grant (our design, not the spec's: stepUpSchemas). */
export interface DeleteCallOptions extends CallOptions {
  stepUpGrant?: string;
}

/** Self-service credential calls of spec section 7; all carry the user token. */
export function createCredentialCalls(send: Send) {
  const updateCredential = (
    credId: string,
    change: { default: boolean; status: CredentialStatus },
    call?: CallOptions,
  ) =>
    send({
      ...call,
      method: 'PUT',
      path: `factor/v1/MeCreds/${encodeURIComponent(credId)}`,
      base: 'service',
      token: 'user',
      body: change,
      schema: EmptyReplySchema,
    });
  const deleteCredential = (credId: string, { stepUpGrant, ...call }: DeleteCallOptions = {}) =>
    send({
      ...call,
      method: 'DELETE',
      path: `factor/v1/MeCreds/${encodeURIComponent(credId)}`,
      base: 'service',
      token: 'user',
      schema: EmptyReplySchema,
      ...(stepUpGrant ? { headers: { [HEADERS.stepUpGrant]: stepUpGrant } } : {}),
    });

  /** Runs one call per credential and reports the first failure, if any. */
  async function each(
    credentials: readonly Credential[],
    call: (credential: Credential) => Promise<ApiResult<unknown>>,
  ): Promise<ApiResult<null>> {
    const results = await Promise.all(credentials.map(call));
    const failed = results.find((result) => !result.ok);
    return failed && !failed.ok ? failed : { ok: true, data: null, status: 200 };
  }

  return {
    /** GET factor/v1/MeCreds. */
    listCredentials(call?: CallOptions) {
      return send({
        ...call,
        method: 'GET',
        path: 'factor/v1/MeCreds',
        base: 'service',
        token: 'user',
        schema: CredentialListSchema,
      });
    },
    /** GET factor/v1/MeCreds with the SSO's step-up offer, if it makes one (stepUpSchemas). */
    listCredentialsWithStepUp(call?: CallOptions) {
      return send({
        ...call,
        method: 'GET',
        path: 'factor/v1/MeCreds',
        base: 'service',
        token: 'user',
        schema: CredentialsWithStepUpSchema,
      });
    },
    /**
     * POST factor/v1/MeStepUp { password, credIds } (our design, not the spec's): the user's
     * password, fresh, for a grant that lets exactly these credentials be deleted.
     */
    stepUp(password: string, credIds: readonly string[], call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/MeStepUp',
        base: 'service',
        token: 'user',
        body: { password, credIds },
        schema: StepUpGrantSchema,
      });
    },
    /** PUT factor/v1/MeCreds/{credId} { default, status }. */
    updateCredential,
    /** DELETE factor/v1/MeCreds/{credId}. */
    deleteCredential,
    /** Setting defaults to false issues one PUT per credential (spec section 7). */
    clearDefaults(credentials: readonly Credential[], call?: CallOptions) {
      return each(credentials, (credential) =>
        updateCredential(credential.credId, { default: false, status: credential.status }, call),
      );
    },
    /** Delete all: one DELETE per credential (the spec has no bulk call). */
    deleteAllCredentials(credentials: readonly Credential[], call?: DeleteCallOptions) {
      return each(credentials, (credential) => deleteCredential(credential.credId, call));
    },
  };
}
