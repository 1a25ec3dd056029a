import { messages } from '@portal/shared/messages/en_US';
import { useId } from 'react';
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
  return (
    <li className="portal-credential" aria-labelledby={titleId}>
      <h2 id={titleId} className="portal-credential__type">
        {view.typeName}
      </h2>
      {view.value ? <p className="portal-credential__value">{view.value}</p> : null}
      <p className="portal-credential__status">
        {view.active ? text.statusActive : text.statusInactive}
        {view.isDefault ? ` · ${text.isDefault}` : null}
      </p>
      {view.added ? <p className="portal-credential__added">{view.added}</p> : null}
      <div className="portal-selfservice__actions">
        <button type="button" className="portal-button" disabled={disabled} onClick={onToggleStatus}>
          {view.active ? text.deactivate : text.activate}
        </button>
        {view.isDefault ? null : (
          <button type="button" className="portal-button" disabled={disabled} onClick={onMakeDefault}>
            {text.makeDefault}
          </button>
        )}
        <button type="button" className="portal-button" disabled={disabled} onClick={onDelete}>
          {text.delete}
        </button>
      </div>
    </li>
  );
}
