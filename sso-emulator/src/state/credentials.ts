import { randomUUID } from 'node:crypto';
import type { Credential, CredType } from './model.js';

/** A credential just registered: inactive and pending until its verifier confirms it. */
export function pendingCredential(
  credType: CredType,
  credValue: string,
  isDefault: boolean,
  nowIso: string,
): Credential {
  return {
    credId: randomUUID(),
    credType,
    credValue,
    status: 'INACTIVE',
    default: isDefault,
    createdDatetime: nowIso,
    modifiedDatetime: nowIso,
    pending: true,
  };
}

export function activate(credential: Credential, nowIso: string): void {
  credential.pending = undefined;
  credential.status = 'ACTIVE';
  credential.modifiedDatetime = nowIso;
}
