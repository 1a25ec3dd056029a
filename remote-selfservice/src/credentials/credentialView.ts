import type { Credential } from '../api/schemas';
import { CREDENTIAL_STATUS_ACTIVE } from '@portal/shared/config';
import { boundedText } from '@portal/shared/ui';
import { addedLabel } from '../common/credentialDate';
import { byCredentialRank, credentialTypeInfo } from '../common/credentialTypes';

/** What one row of Manage Credentials shows (server strings bounded for display). */
export interface CredentialView {
  credential: Credential;
  typeName: string;
  value: string;
  active: boolean;
  isDefault: boolean;
  /** 'Added Month D, YYYY' (an invalid date raw); null without a creation date. */
  added: string | null;
}

export function toCredentialView(credential: Credential): CredentialView {
  return {
    credential,
    // A type the table does not know is shown as the server names it.
    typeName: credentialTypeInfo(credential.credType)?.displayName ?? boundedText(credential.credType),
    value: boundedText(credential.credValue ?? ''),
    active: credential.status === CREDENTIAL_STATUS_ACTIVE,
    isDefault: credential.default === true,
    added: credential.createdDatetime ? addedLabel(credential.createdDatetime) : null,
  };
}

/** The list in the rank order of spec section 3 (stable within a type). */
export function credentialViews(credentials: readonly Credential[]): CredentialView[] {
  return [...credentials].sort(byCredentialRank).map(toCredentialView);
}
