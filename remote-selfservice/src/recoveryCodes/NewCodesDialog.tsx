import { Actions, Button, Checkbox, Dialog, stackClass, useCopyToClipboard } from '@portal/shared/ui';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { recoveryCodeMessages as text } from '../messages';
import { downloadText, recoveryCodesText } from './codesFile';

export interface NewCodesDialogProps {
  /** The new set, shown this once; null closes the dialog. */
  codes: readonly string[] | null;
  createdAt: string;
  onDone: () => void;
  /** Where focus goes when it closes (the button that made the codes was disabled meanwhile). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The new recovery codes, shown once: copy them, download them as text, and say 'I have saved
 * them' before leaving. Escape and the backdrop do nothing, and closing the tab asks first, so
 * the codes are not lost by a slip.
 */
export function NewCodesDialog({ codes, createdAt, onDone, returnFocusTo }: NewCodesDialogProps) {
  const [saved, setSaved] = useState(false);
  const { state: copyState, copy } = useCopyToClipboard();
  const headingId = useId();
  const textId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const open = codes !== null;

  useEffect(() => {
    if (!open) return;
    setSaved(false);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open]);

  const all = (codes ?? []).join('\n');
  return (
    <Dialog
      open={open}
      onDismiss={() => undefined}
      dismissible={false}
      initialFocus={first}
      returnFocusTo={returnFocusTo}
      className="portal-recovery-dialog"
      aria-labelledby={headingId}
      aria-describedby={textId}
    >
      <div className={stackClass('normal', 'portal-selfservice-dialog')}>
        <h2 id={headingId} className="portal-selfservice-dialog__title">
          {text.dialogTitle}
        </h2>
        <p id={textId}>{text.dialogText}</p>
        <ol className="portal-recovery-codes" aria-label={text.listLabel}>
          {(codes ?? []).map((code) => (
            <li key={code}>
              <code dir="ltr">{code}</code>
            </li>
          ))}
        </ol>
        <Actions>
          <Button ref={first} onClick={() => void copy(all)}>
            {copyState === 'copied' ? text.copied : text.copy}
          </Button>
          <Button
            onClick={() =>
              downloadText(recoveryCodesText(codes ?? [], text.fileTitle, createdAt), text.fileName)
            }
          >
            {text.download}
          </Button>
        </Actions>
        <p role="status" className="portal-recovery-dialog__status">
          {copyState === 'failed' ? text.copyFailed : ''}
        </p>
        <Checkbox label={text.saved} checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <Actions>
          <Button variant="primary" disabled={!saved} onClick={onDone}>
            {text.done}
          </Button>
        </Actions>
      </div>
    </Dialog>
  );
}
