import { messages } from '@portal/shared/messages/en_US';
import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  /** The question; null closes the dialog. */
  question: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A native modal <dialog> asking Yes or Cancel; Escape cancels, focus starts on Cancel. */
export function ConfirmDialog({ question, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (question && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!question && dialog.open) {
      dialog.close();
    }
  }, [question]);

  return (
    <dialog
      ref={ref}
      className="portal-confirm-dialog"
      aria-describedby={textId}
      aria-label={messages.selfService.confirmTitle}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <p id={textId}>{question}</p>
      <div className="portal-selfservice__actions">
        <button type="button" className="portal-button portal-button--primary" onClick={onConfirm}>
          {messages.common.yes}
        </button>
        <button ref={cancelRef} type="button" className="portal-button" onClick={onCancel}>
          {messages.common.cancel}
        </button>
      </div>
    </dialog>
  );
}
