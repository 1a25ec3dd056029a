import { type RefObject, useId } from 'react';
import { clipboardText, troubleshootLines } from './troubleshootLines';
import { useCopyToClipboard } from '../hooks/useCopyToClipboard';
import { useTroubleshootFacts } from '../hooks/useTroubleshootFacts';
import { messages } from '../messages/en_US';
import { Dialog } from './Dialog';
import './AssistanceDialog.css';

export interface AssistanceDialogProps {
  open: boolean;
  onClose: () => void;
  /** When true, Escape and a backdrop click do not close it (the Close button still does). */
  disableClose?: boolean;
  /** Where focus goes back on close; by default the element focused when it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** 'Login Assistance Information' (spec section 2), in the portal's one modal dialog (ui/Dialog). */
export function AssistanceDialog({
  open,
  onClose,
  disableClose = false,
  returnFocusTo,
}: AssistanceDialogProps) {
  const titleId = useId();
  const { lastTransaction, transactionId, userName } = useTroubleshootFacts();
  // The facts the help desk needs, each only when present (no reply yet: no timestamp).
  const details = troubleshootLines({ timestamp: lastTransaction, transactionId, userName });
  const { copy, coolingDown } = useCopyToClipboard();

  const copyText = clipboardText(details);

  return (
    <Dialog
      open={open}
      onDismiss={onClose}
      dismissible={!disableClose}
      aria-labelledby={titleId}
      className="portal-assistance-dialog"
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      <div className="portal-dialog__content">
        <h2 id={titleId} className="portal-dialog__title">
          {messages.assistance.title}
        </h2>
        <p>{messages.assistance.instructions}</p>
        {details.length > 0 ? (
          <dl className="portal-dialog__details">
            {details.map((detail) => (
              <div key={detail.label}>
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="portal-dialog__actions">
          <button
            type="button"
            className="portal-button"
            disabled={coolingDown}
            onClick={() => void copy(copyText)}
          >
            {messages.assistance.copyToClipboard}
          </button>
          <button type="button" className="portal-button portal-button--primary" onClick={onClose}>
            {messages.assistance.close}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
