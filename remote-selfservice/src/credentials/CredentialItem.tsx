import { Card, LinkButton, stackClass } from '@portal/shared/ui';
import { useId } from 'react';
import { credentialTypeInfo } from '../common/credentialTypes';
import { messages } from '../messages';
import type { CredentialView } from './credentialView';

export interface CredentialItemProps {
  view: CredentialView;
  disabled: boolean;
  onToggleStatus: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}

/** One credential: type, value, status, default, 'Added …', and its actions. */
export function CredentialItem({
  view,
  disabled,
  onToggleStatus,
  onMakeDefault,
  onDelete,
}: CredentialItemProps) {
  const titleId = useId();
  const text = messages.selfService;
  // The buttons repeat on every credential: their names say which one (visible text first, WCAG 2.5.3).
  const nameOf = (action: string) =>
    view.value
      ? text.credentialAction({ action, typeName: view.typeName, value: view.value })
      : text.credentialActionOfType({ action, typeName: view.typeName });
  const toggle = view.active ? text.deactivate : text.activate;
  return (
    <li className="portal-credential" aria-labelledby={titleId} data-credential={view.credential.credId}>
      {/* A kernel Card; its h2 is the credential's type (no region of its own: the list item is it). */}
      <Card
        title={
          <span id={titleId}>
            {/* A type the portal has no name for is the server's code, shown as sent and isolated. */}
            {credentialTypeInfo(view.credential.credType) ? view.typeName : <bdi>{view.typeName}</bdi>}
          </span>
        }
      >
        <div className={stackClass('tight', 'portal-credential__details')}>
          {view.value ? (
            // Isolated in its own direction (a phone number reads left to right), lined up with
            // the page's (on a right-to-left page, under the title at the right).
            <p className="portal-credential__line">
              <bdi className="portal-credential__value">{view.value}</bdi>
            </p>
          ) : null}
          <p className="portal-credential__meta">
            <span className="portal-credential__status" data-active={view.active}>
              {view.active ? text.statusActive : text.statusInactive}
              {view.isDefault ? ` · ${text.isDefault}` : null}
            </span>
            {view.added ? (
              <>
                {' · '}
                <span className="portal-credential__added">{view.added}</span>
              </>
            ) : null}
          </p>
        </div>
        {/* The same three actions on every card, as actions in the one link style: a list of
            cards each with a row of outlined buttons weighed more than the page's own actions. */}
        <div className="portal-credential__actions">
          <LinkButton disabled={disabled} aria-label={nameOf(toggle)} onClick={onToggleStatus}>
            {toggle}
          </LinkButton>
          {view.isDefault ? null : (
            <LinkButton disabled={disabled} aria-label={nameOf(text.makeDefault)} onClick={onMakeDefault}>
              {text.makeDefault}
            </LinkButton>
          )}
          <LinkButton disabled={disabled} aria-label={nameOf(text.delete)} onClick={onDelete}>
            {text.delete}
          </LinkButton>
        </div>
      </Card>
    </li>
  );
}
