import { messages } from '../messages';
import { Actions, Button, Dialog, stackClass } from '@portal/shared/ui';
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
  const titleId = useId();
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
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <div className={stackClass('normal', 'portal-selfservice-dialog')}>
        <h2 id={titleId} className="portal-selfservice-dialog__title">
          {messages.selfService.confirmTitle}
        </h2>
        <p id={textId}>{shown.current}</p>
        <Actions>
          <Button variant="primary" onClick={onConfirm}>
            {messages.common.yes}
          </Button>
          <Button ref={cancelRef} onClick={onCancel}>
            {messages.common.cancel}
          </Button>
        </Actions>
      </div>
    </Dialog>
  );
}
