import type { GenericSchema, InferOutput } from 'valibot';
import * as v from 'valibot';
import { messages } from '../messages/en_US';
import {
  clientTokenAtom,
  clientTransactionIdAtom,
  flowStateAtom,
  lastTransactionAtom,
  lastUserActivityAtom,
  proxyUrlAtom,
  serviceUrlAtom,
  userTokenAtom,
} from '../session/atoms';
import { transition } from '../session/signInState';
import type { PortalStore } from '../session/store';
import { errorCodeOf, errorText, isExpiredClientToken, isInvalidFlowState } from './errorText';
import { listWhereObjectBelongs } from './listWhereObjectBelongs';
import {
  CALL_TIMEOUT_MS,
  jsonDepthOver,
  REPLY_LIMITS,
  readBoundedText,
  replyLimitIssue,
} from './replyLimits';
import type { Saying } from '../i18n/saying';
import { type ApiError, type ApiResult, apiError } from './result';
import { ClientTokenReplySchema, type ErrorBody, ErrorBodySchema } from './schemas';

/** Header names agreed with the service (docs/contracts.md). */
export const HEADERS = {
  authorization: 'Authorization',
  flowState: 'X-Flow-State',
  transactionId: 'X-CLIENT-TRANSACTION-ID',
  deviceTag: 'X-Device-Tag',
  relayState: 'X-Relay-State',
  /** Our header (the spec has no step-up): the grant a destructive delete carries. */
  stepUpGrant: 'X-Step-Up-Grant',
} as const;

/** Path of the client-token endpoint, used by the 401 retry. */
export const CLIENT_TOKEN_PATH = 'v1/token/generate/client_token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where a call goes: the SSO service, the portal's reverse proxy in front of it, or the portal
 * origin itself (token endpoints and configuration).
 */
export type Base = 'service' | 'proxy' | 'portal';

/** Which bearer token a call carries. */
export type TokenKind = 'client' | 'user' | 'none';

/** What a caller may add to any API call. */
export interface CallOptions {
  /** Cancels the call: it then resolves to an 'aborted' error, which callers ignore. */
  signal?: AbortSignal;
  /**
   * true: a call the user did not cause (the scheduled token refresh, a look-up the page makes on
   * its own such as the passkey offer's). Its response still sets the last-transaction time but
   * does not reset the idle timer (lastUserActivityAtom).
   */
  background?: boolean;
}

export interface CallSpec<S extends GenericSchema> extends CallOptions {
  method: HttpMethod;
  path: string;
  base: Base;
  schema: S;
  /** Defaults to 'client' on service and proxy calls, 'none' on portal calls. */
  token?: TokenKind;
  /** JSON body. */
  body?: object;
  /** Form-encoded body (userinfo). */
  form?: Record<string, string>;
  /** Adds the X-Device-Tag header. */
  deviceTag?: boolean;
  /** The call must not carry X-Flow-State (FIDO registration runs outside a flow). */
  noFlowState?: boolean;
  /** Extra headers (X-Relay-State). */
  headers?: Record<string, string>;
  /** 'text' for replies that are not JSON (the identity-provider form, userinfo). */
  responseType?: 'json' | 'text';
  /** false: a bare fetch with none of the interceptor behaviour (environment configuration). */
  interceptors?: boolean;
}

export interface RequestDeps {
  store: PortalStore;
  fetch: typeof globalThis.fetch;
  now: () => number;
}

export type Send = <S extends GenericSchema>(spec: CallSpec<S>) => Promise<ApiResult<InferOutput<S>>>;

/** The caller's signal, also aborted after CALL_TIMEOUT_MS; clear() once the body is read. */
function callDeadline(callerSignal: AbortSignal | undefined): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  const follow = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) follow();
  else callerSignal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', follow);
    },
  };
}

/** The value sent in the X-Device-Tag header: the flag itself, as the service only tests presence. */
const DEVICE_TAG_VALUE = 'true';

function joinUrl(base: string, path: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}${path.replace(/^\//, '')}`;
}

function fail(kind: ApiError['kind'], message: Saying, extra: Omit<ApiError, 'kind' | 'message'> = {}) {
  return { ok: false as const, error: apiError(kind, message, extra) };
}

/**
 * Reads the body once, as text, and tells "no body"/"null" apart from JSON and from garbage. A body
 * over REPLY_LIMITS.bodyBytes, or nested deeper than REPLY_LIMITS.depth, is refused unparsed.
 */
async function readBody(
  response: Response,
  expectsJson = true,
): Promise<{ text: string; json: unknown; parsed: boolean; refused?: string; cut?: boolean }> {
  const text = await readBoundedText(response).catch(() => undefined);
  // The connection broke (or the call's deadline passed) in the middle of the body.
  if (text === undefined) return { text: '', json: undefined, parsed: false, cut: true };
  if (text === null)
    return { text: '', json: undefined, parsed: false, refused: `over ${REPLY_LIMITS.bodyBytes} bytes` };
  if (text.trim() === '') return { text, json: null, parsed: true };
  if (expectsJson && jsonDepthOver(text))
    return { text: '', json: undefined, parsed: false, refused: `nested deeper than ${REPLY_LIMITS.depth}` };
  try {
    return { text, json: JSON.parse(text) as unknown, parsed: true };
  } catch {
    return { text, json: undefined, parsed: false };
  }
}

function parseErrorBody(json: unknown): ErrorBody | undefined {
  const result = v.safeParse(ErrorBodySchema, json);
  return result.success ? result.output : undefined;
}

/**
 * The one fetch wrapper: it implements the interceptor behaviour of spec section 7 around every
 * call, parses every reply with its schema, and never throws.
 */
export function createSend(deps: RequestDeps): Send {
  const { store } = deps;

  function baseUrl(base: Base): string {
    if (base === 'portal') return '/';
    if (base === 'proxy') return store.get(proxyUrlAtom);
    // Before the environment has loaded the proxy reaches the same service.
    return store.get(serviceUrlAtom) ?? store.get(proxyUrlAtom);
  }

  function headersFor<S extends GenericSchema>(spec: CallSpec<S>): Headers {
    const headers = new Headers(spec.headers);
    headers.set(
      'Accept',
      spec.responseType === 'text' ? 'text/html, application/json, text/plain' : 'application/json',
    );
    if (spec.body !== undefined) headers.set('Content-Type', 'application/json');
    if (spec.form !== undefined) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    if (spec.interceptors === false) return headers;

    const tokenKind = spec.token ?? (spec.base === 'portal' ? 'none' : 'client');
    // A user-token call belongs to the signed-in user, never to a sign-in transaction: a flow
    // state would make the service take a registration verifier for a sign-in step.
    const flowState = store.get(flowStateAtom);
    if (flowState && !spec.noFlowState && tokenKind !== 'user') headers.set(HEADERS.flowState, flowState);
    const transactionId = store.get(clientTransactionIdAtom);
    if (transactionId) headers.set(HEADERS.transactionId, transactionId);
    const token =
      tokenKind === 'client'
        ? store.get(clientTokenAtom)
        : tokenKind === 'user'
          ? store.get(userTokenAtom)
          : null;
    if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
    if (spec.deviceTag) headers.set(HEADERS.deviceTag, DEVICE_TAG_VALUE);
    return headers;
  }

  async function rawFetch<S extends GenericSchema>(
    spec: CallSpec<S>,
    signal: AbortSignal | undefined = spec.signal,
  ): Promise<Response | undefined> {
    const init: RequestInit = { method: spec.method, headers: headersFor(spec) };
    if (signal) init.signal = signal;
    if (spec.body !== undefined) init.body = JSON.stringify(spec.body);
    if (spec.form !== undefined) init.body = new URLSearchParams(spec.form).toString();
    try {
      return await deps.fetch(joinUrl(baseUrl(spec.base), spec.path), init);
    } catch {
      return undefined;
    }
  }

  /** A new client token for the 401 retry; it goes through no interceptor to avoid a loop. */
  async function renewClientToken(): Promise<boolean> {
    const response = await rawFetch({
      method: 'GET',
      path: CLIENT_TOKEN_PATH,
      base: 'portal',
      schema: ClientTokenReplySchema,
      interceptors: false,
    });
    if (!response?.ok) return false;
    const parsed = v.safeParse(ClientTokenReplySchema, (await readBody(response)).json);
    if (!parsed.success) return false;
    store.set(clientTokenAtom, parsed.output.access_token);
    return true;
  }

  /**
   * Every response sets the last-transaction time and carries flow state; every response to a
   * call the user caused (not a background one) also resets the idle timer.
   */
  function noteResponse(response: Response, json: unknown, background: boolean): void {
    const at = new Date(deps.now());
    store.set(lastTransactionAtom, at);
    if (!background) store.set(lastUserActivityAtom, at);
    const headerFlowState = response.headers.get(HEADERS.flowState);
    const bodyFlowState =
      json !== null && typeof json === 'object' && 'flowState' in json && typeof json.flowState === 'string'
        ? json.flowState
        : undefined;
    const flowState = bodyFlowState || headerFlowState;
    if (flowState) store.set(flowStateAtom, flowState);
  }

  /**
   * Spec section 7: an invalid flow state ends the sign-in. The restartNeeded transition carries
   * the server's text to the restart notice, which the shell opens (session/useRestartNotice):
   * the screen that made the call needs no rule of its own.
   */
  function restartNeeded(errorBody: ErrorBody | undefined): void {
    transition(store, { type: 'restartNeeded', message: errorText(errorBody) ?? null });
  }

  async function attempt<S extends GenericSchema>(
    spec: CallSpec<S>,
    retried: boolean,
  ): Promise<ApiResult<InferOutput<S>>> {
    // A server that never answers (or stops mid-body) is one that cannot be reached.
    const deadline = callDeadline(spec.signal);
    const response = await rawFetch(spec, deadline.signal);
    if (!response) {
      deadline.clear();
      return fail('network', () => messages.errors.network);
    }
    const body = await readBody(response, spec.responseType !== 'text');
    deadline.clear();
    if (body.cut) return fail('network', () => messages.errors.network);
    const intercept = spec.interceptors !== false;
    if (intercept) noteResponse(response, body.json, spec.background === true);

    if (!response.ok) {
      const errorBody = parseErrorBody(body.json);
      const usedClientToken = (spec.token ?? 'client') === 'client' && spec.base !== 'portal';
      // Only a client-token call can be helped by a new client token; retry it once, never more.
      const aborted = spec.signal?.aborted === true;
      if (
        intercept &&
        usedClientToken &&
        !retried &&
        !aborted &&
        isExpiredClientToken(response.status, errorBody)
      ) {
        if (await renewClientToken()) return attempt(spec, true);
      }
      if (intercept && isInvalidFlowState(errorBody)) restartNeeded(errorBody);
      const errorCode = errorCodeOf(errorBody);
      return fail('http', errorText(errorBody) ?? (() => messages.errors.default), {
        status: response.status,
        ...(errorCode ? { errorCode } : {}),
      });
    }

    if (body.refused) {
      return fail('malformed', () => messages.errors.malformedReply, {
        status: response.status,
        detail: body.refused,
      });
    }
    if (spec.responseType === 'text') {
      if (body.text.trim() === '')
        return fail('null', () => messages.errors.responseNull, { status: response.status });
      // The text (an HTML form, a signed token) is bounded by its size; its schema reads the rest.
      return parseWith(spec.schema, body.text, response.status, false);
    }
    if (!body.parsed) {
      return fail('malformed', () => messages.errors.malformedReply, {
        status: response.status,
        detail: 'not JSON',
      });
    }
    if (body.json === null && !v.is(spec.schema, null)) {
      return fail('null', () => messages.errors.responseNull, { status: response.status });
    }
    const flowError = intercept ? parseErrorBody(body.json) : undefined;
    if (isInvalidFlowState(flowError)) restartNeeded(flowError);
    return parseWith(spec.schema, body.json, response.status);
  }

  /**
   * A cancelled call is 'aborted' whatever happened on the way (fetch rejected, the body was cut
   * off, or the reply came just after). A reply that did arrive has still had its effects on the
   * session (flow state, idle timer, restart-needed): the server has moved on even if the screen
   * has not stayed to hear it.
   */
  return async (spec) => {
    const result = await attempt(spec, false);
    // No text: there is nothing to tell the user about a call they (or their screen) gave up.
    return spec.signal?.aborted ? fail('aborted', '') : result;
  };
}

function parseWith<S extends GenericSchema>(
  schema: S,
  value: unknown,
  status: number,
  checkLimits = true,
): ApiResult<InferOutput<S>> {
  const limit = checkLimits ? replyLimitIssue(value) : null;
  if (limit) return fail('malformed', () => messages.errors.malformedReply, { status, detail: limit });
  // valibot's object schemas take a list for an object, at the top or inside.
  const list = listWhereObjectBelongs(schema, value);
  if (list) return fail('malformed', () => messages.errors.malformedReply, { status, detail: list });
  const parsed = v.safeParse(schema, value);
  if (parsed.success) return { ok: true, data: parsed.output, status };
  return fail('malformed', () => messages.errors.malformedReply, {
    status,
    detail: v.summarize(parsed.issues),
  });
}
