import { messages } from '../messages';
import { Dialog } from '@portal/shared/ui';
import { useId, useRef } from 'react';

export interface ConfirmDialogProps {
  /** The question; null closes the dialog. */
  question: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** The dialog has closed and the page behind can take focus again. */
  onClosed?: () => void;
}

/**
 * Yes or Cancel, in the portal's one modal dialog (shared ui/Dialog: its timings, width, Escape
 * and backdrop); focus starts on Cancel, the answer that changes nothing.
 */
export function ConfirmDialog({ question, onConfirm, onCancel, onClosed }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  // The question stays on screen while the dialog closes (75 ms), after the owner has let go of it.
  const shown = useRef(question);
  if (question) shown.current = question;

  return (
    <Dialog
      open={question !== null}
      onDismiss={onCancel}
      onClosed={onClosed}
      initialFocus={cancelRef}
      className="portal-confirm-dialog"
      aria-label={messages.selfService.confirmTitle}
      aria-describedby={textId}
    >
      <p id={textId}>{shown.current}</p>
      <div className="portal-selfservice__actions">
        <button type="button" className="portal-button portal-button--primary" onClick={onConfirm}>
          {messages.common.yes}
        </button>
        <button ref={cancelRef} type="button" className="portal-button" onClick={onCancel}>
          {messages.common.cancel}
        </button>
      </div>
    </Dialog>
  );
}
