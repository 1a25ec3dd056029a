import { api } from '../api/client';
import type { DeleteCallOptions } from '../api/credentials';
import {
  portalConfigAtom,
  CREDENTIAL_STATUS_ACTIVE,
  CREDENTIAL_STATUS_INACTIVE,
} from '@portal/shared/config';
import { messages } from '../messages';
import { paths } from '../paths';
import { focusHeading, useAnnounce } from '@portal/shared/a11y';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';
import { hasNewCredAdded } from '../common/newCredAdded';
import { ScreenStatus } from '../common/ScreenStatus';
import {
  Actions,
  Button,
  LiveStatus,
  PageHeading,
  Stack,
  stackClass,
  useBusyIndicator,
  useFocusFirst,
} from '@portal/shared/ui';
import { BackToWelcome } from '../common/BackLink';
import { ConfirmDialog } from './ConfirmDialog';
import { StepUpDialog } from './StepUpDialog';
import { credIdsOf, type Deletion, deletionNeedsStepUp } from './stepUpNeeded';
import { CredentialItem } from './CredentialItem';
import { type CredentialView, credentialViews } from './credentialView';
import { useCredentials } from './useCredentials';
import '../common/selfservice.css';
import './credentials.css';

/** /self-service: the user's credentials and what can be done with them. */
export function ManageCredentials() {
  const { credentials, stepUp, busy, error, change } = useCredentials();
  const busyShown = useBusyIndicator(busy);
  const { stepUpBeforeDelete } = useAtomValue(portalConfigAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState<Deletion | null>(null);
  const registerRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const announce = useAnnounce();
  /** After a delete: the credential that takes the deleted one's place (null: none is left). */
  const [deleted, setDeleted] = useState<{ next: string | null } | null>(null);
  /** The confirmation is still closing: the page behind it is inert and cannot take focus yet. */
  const [dialogClosing, setDialogClosing] = useState(false);
  useFocusFirst(registerRef);

  // The deleted credential's button is gone: focus goes to the next credential, or the list's
  // heading when none follows, once the list shows what the service holds and the confirmation
  // has closed.
  useEffect(() => {
    const section = sectionRef.current;
    if (!deleted || busy || dialogClosing || !section) return;
    setDeleted(null);
    const next = Array.from(section.querySelectorAll<HTMLElement>('li[data-credential]')).find(
      (item) => item.dataset.credential === deleted.next,
    );
    (next && focusHeading(next, 'h2')) || focusHeading(section, 'h1');
  }, [deleted, busy, dialogClosing]);

  const views = credentials ? credentialViews(credentials) : [];
  const text = messages.selfService;

  const question =
    confirmation?.kind === 'one'
      ? text.deleteCredentialOfType({ type: confirmation.view.typeName })
      : confirmation?.kind === 'all'
        ? text.deleteAllConfirm
        : null;

  // Deleting all, or the last credential of a type, asks for the password first when the SSO
  // offers step-up and the portal's setting (stepUpBeforeDelete) does not turn it off.
  const askStepUp =
    confirmation !== null && deletionNeedsStepUp(confirmation, views, stepUp, stepUpBeforeDelete !== false);

  const deleteOne = async (view: CredentialView, call?: DeleteCallOptions) => {
    const index = views.findIndex((other) => other.credential.credId === view.credential.credId);
    const next = views[index + 1] ?? views[index - 1] ?? null;
    if (!(await change(() => api.deleteCredential(view.credential.credId, call)))) return;
    announce(text.credentialDeleted);
    setDeleted({ next: next ? next.credential.credId : null });
  };

  /** Yes (with the step-up grant when one was asked for): the dialog closes and the delete runs. */
  const confirm = (stepUpGrant?: string) => {
    const current = confirmation;
    const call = stepUpGrant ? { stepUpGrant } : undefined;
    setConfirmation(null);
    setDialogClosing(true);
    if (current?.kind === 'one') void deleteOne(current.view, call);
    if (current?.kind === 'all' && credentials)
      void change(() => api.deleteAllCredentials(credentials, call));
  };

  return (
    <section ref={sectionRef} className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <Stack gap="normal">
        <BackToWelcome />
        <PageHeading>{text.title}</PageHeading>
      </Stack>
      <ScreenStatus shown={busyShown} error={error} />
      {/* The kernel notice's look for the confirmation, in a region that is in the page before its
          words (a Notice rendered with its message is often not announced). */}
      <LiveStatus
        lineClassName="portal-notice portal-notice--success"
        lines={hasNewCredAdded(location.state) ? [text.newCredAdded] : []}
      />
      <Actions>
        <Button ref={registerRef} variant="primary" onClick={() => navigate(paths.register)}>
          {text.register}
        </Button>
      </Actions>
      {credentials && views.length === 0 ? <p>{text.noCredentials}</p> : null}
      {views.length > 0 ? (
        <Stack gap="tight">
          <ul className={stackClass('normal', 'portal-credentials')} aria-label={text.listLabel}>
            {views.map((view) => (
              <CredentialItem
                key={view.credential.credId}
                view={view}
                disabled={busy}
                onToggleStatus={() =>
                  void change(() =>
                    api.updateCredential(view.credential.credId, {
                      default: view.isDefault,
                      status: view.active ? CREDENTIAL_STATUS_INACTIVE : CREDENTIAL_STATUS_ACTIVE,
                    }),
                  )
                }
                onMakeDefault={() =>
                  void change(() =>
                    api.updateCredential(view.credential.credId, {
                      default: true,
                      status: view.credential.status,
                    }),
                  )
                }
                onDelete={() => setConfirmation({ kind: 'one', view })}
              />
            ))}
          </ul>
          {/* What acts on the whole list comes after it. */}
          <Actions>
            <Button
              disabled={busy || !views.some((view) => view.isDefault)}
              onClick={() => credentials && void change(() => api.clearDefaults(credentials))}
            >
              {text.clearDefaults}
            </Button>
            <Button disabled={busy} onClick={() => setConfirmation({ kind: 'all' })}>
              {text.deleteAll}
            </Button>
          </Actions>
        </Stack>
      ) : null}
      <ConfirmDialog
        question={askStepUp ? null : question}
        onConfirm={() => confirm()}
        onCancel={() => setConfirmation(null)}
        onClosed={() => setDialogClosing(false)}
      />
      <StepUpDialog
        question={askStepUp ? question : null}
        credIds={confirmation ? credIdsOf(confirmation, views) : []}
        onGranted={confirm}
        onCancel={() => setConfirmation(null)}
        onClosed={() => setDialogClosing(false)}
      />
    </section>
  );
}
