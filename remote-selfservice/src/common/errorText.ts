import type { ApiError } from '@portal/shared/transport';
import { messages } from '@portal/shared/words';

/**
 * Self-service error text (spec section 8): the service's own message when it sent one, else
 * 'Unable to register, please try again.'.
 */
export function serviceErrorText(error: ApiError): string {
  const generic: readonly string[] = [
    messages.errors.default,
    messages.errors.network,
    messages.errors.malformedReply,
  ];
  return error.kind === 'http' && !generic.includes(error.message)
    ? error.message
    : messages.selfService.unableToRegister;
}

/** 'Unexpected Error: ...' for a failure in the browser itself (spec section 8). */
export function unexpectedErrorText(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return messages.selfService.unexpectedError({ detail });
}
