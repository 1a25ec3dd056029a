import type { ErrorBody } from './schemas';

/**
 * Error text of spec section 7, first present of errorMessage, error_description,
 * data.errorMessage, data.message, in that order.
 */
export function errorText(body: ErrorBody | undefined): string | undefined {
  if (!body) return undefined;
  const candidates = [body.errorMessage, body.error_description, body.data?.errorMessage, body.data?.message];
  return candidates.find((text): text is string => typeof text === 'string' && text.length > 0);
}

/** The error code, at the top level or inside data. */
export function errorCodeOf(body: ErrorBody | undefined): string | undefined {
  return body?.errorCode ?? body?.data?.errorCode ?? undefined;
}

/** 401 with errorCode 0000005 or 'invalid access token': the client token has expired. */
export function isExpiredClientToken(status: number, body: ErrorBody | undefined): boolean {
  if (status !== 401) return false;
  return (
    errorCodeOf(body) === '0000005' || (errorText(body) ?? '').toLowerCase().includes('invalid access token')
  );
}

/** errorCode 0000010 with 'Invalid X-Flow-State header': the flow cannot continue. */
export function isInvalidFlowState(body: ErrorBody | undefined): boolean {
  return errorCodeOf(body) === '0000010' && (errorText(body) ?? '').includes('Invalid X-Flow-State header');
}
