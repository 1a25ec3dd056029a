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
      <h2 id={titleId} className="portal-credential__type">
        {/* A type the portal has no name for is the server's code, shown as sent and isolated. */}
        {credentialTypeInfo(view.credential.credType) ? view.typeName : <bdi>{view.typeName}</bdi>}
      </h2>
      {view.value ? (
        <p className="portal-credential__value" dir="auto">
          {view.value}
        </p>
      ) : null}
      <p className="portal-credential__status">
        {view.active ? text.statusActive : text.statusInactive}
        {view.isDefault ? ` · ${text.isDefault}` : null}
      </p>
      {view.added ? <p className="portal-credential__added">{view.added}</p> : null}
      <div className="portal-selfservice__actions">
        <button
          type="button"
          className="portal-button"
          disabled={disabled}
          aria-label={nameOf(toggle)}
          onClick={onToggleStatus}
        >
          {toggle}
        </button>
        {view.isDefault ? null : (
          <button
            type="button"
            className="portal-button"
            disabled={disabled}
            aria-label={nameOf(text.makeDefault)}
            onClick={onMakeDefault}
          >
            {text.makeDefault}
          </button>
        )}
        <button
          type="button"
          className="portal-button"
          disabled={disabled}
          aria-label={nameOf(text.delete)}
          onClick={onDelete}
        >
          {text.delete}
        </button>
      </div>
    </li>
  );
}
