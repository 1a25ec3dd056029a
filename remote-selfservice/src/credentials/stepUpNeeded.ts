import type { StepUpOffer } from '@portal/shared/transport';
import type { CredentialView } from './credentialView';

/** What the user asked to delete: one credential, or all of them. */
export type Deletion = { kind: 'one'; view: CredentialView } | { kind: 'all' };

/** The factor this portal can ask for in a step-up: the one every user has. */
const SUPPORTED_FACTOR = 'password';

/**
 * Whether a delete asks for the password first (our design, the spec has none): only when the
 * SSO offers step-up with the password, the portal's setting allows it, and the delete is
 * destructive — all credentials, or the last one of its type.
 */
export function deletionNeedsStepUp(
  deletion: Deletion,
  views: readonly CredentialView[],
  offer: StepUpOffer | null,
  enabled: boolean,
): boolean {
  if (!enabled || offer?.factor !== SUPPORTED_FACTOR) return false;
  if (deletion.kind === 'all') return views.length > 0;
  const type = deletion.view.credential.credType;
  return views.filter((view) => view.credential.credType === type).length === 1;
}

/** The credentials a deletion removes: what the step-up grant is asked for. */
export function credIdsOf(deletion: Deletion, views: readonly CredentialView[]): string[] {
  return deletion.kind === 'one'
    ? [deletion.view.credential.credId]
    : views.map((view) => view.credential.credId);
}
