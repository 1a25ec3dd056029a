import {
  type CSSProperties,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
} from 'react';
import { DIALOG_CLOSE_MS, DIALOG_MAX_WIDTH, DIALOG_OPEN_MS } from '../constants';
import { messages } from '../messages/en_US';
import { clipboardText, troubleshootLines } from '../help/troubleshootLines';
import { useCopyToClipboard } from '../hooks/useCopyToClipboard';
import { useTroubleshootFacts } from '../hooks/useTroubleshootFacts';
import './AssistanceDialog.css';

export interface AssistanceDialogProps {
  open: boolean;
  onClose: () => void;
  /** When true, Escape and a backdrop click do not close it (the Close button still does). */
  disableClose?: boolean;
  /** Where focus goes back on close; by default the element focused when it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** Timings and width of spec section 9, handed to the stylesheet as custom properties. */
const dialogStyle = {
  '--portal-dialog-open-ms': `${DIALOG_OPEN_MS}ms`,
  '--portal-dialog-close-ms': `${DIALOG_CLOSE_MS}ms`,
  maxWidth: DIALOG_MAX_WIDTH,
} as CSSProperties;

function showDialog(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  // Older engines without showModal still get a visible (non-modal) dialog.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hideDialog(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** 'Login Assistance Information' (spec section 2) on a native modal <dialog>. */
export function AssistanceDialog({
  open,
  onClose,
  disableClose = false,
  returnFocusTo,
}: AssistanceDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const { lastTransaction, transactionId, userName } = useTroubleshootFacts();
  // The facts the help desk needs, each only when present (no reply yet: no timestamp).
  const details = troubleshootLines({ timestamp: lastTransaction, transactionId, userName });
  const { copy, coolingDown } = useCopyToClipboard();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      showDialog(dialog);
      return;
    }
    if (dialog.open) {
      hideDialog(dialog);
      (returnFocusTo?.current ?? openerRef.current)?.focus();
    }
  }, [open, returnFocusTo]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the browser would close the dialog behind React's back, so React decides.
    event.preventDefault();
    if (!disableClose) onClose();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The content fills the dialog, so only a click on the backdrop targets the dialog itself.
    if (event.target === event.currentTarget && !disableClose) onClose();
  };

  const copyText = clipboardText(details);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event.
    <dialog
      ref={dialogRef}
      className="portal-dialog"
      aria-labelledby={titleId}
      style={dialogStyle}
      onCancel={onCancel}
      onClick={onBackdropClick}
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
    </dialog>
  );
}
