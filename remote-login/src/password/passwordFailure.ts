import type { ApiError } from '@portal/shared/transport';

/** HTTP 428 with this error code means the password must be changed first (spec section 4). */
export const CHANGE_PASSWORD_STATUS = 428;
export const CHANGE_PASSWORD_CODE = '1003033';

export function mustChangePassword(error: ApiError): boolean {
  return error.status === CHANGE_PASSWORD_STATUS && error.errorCode === CHANGE_PASSWORD_CODE;
}
