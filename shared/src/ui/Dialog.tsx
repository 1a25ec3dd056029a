import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { DIALOG_CLOSE_MS, DIALOG_MAX_WIDTH, DIALOG_OPEN_MS } from '../constants';
import { useDialogMotion } from '../hooks/useDialogMotion';
import './Dialog.css';

export interface DialogProps {
  open: boolean;
  /** Escape or a click on the backdrop: the owner decides (usually by setting `open` to false). */
  onDismiss: () => void;
  /** When false, Escape and the backdrop do nothing (a button inside must close it). */
  dismissible?: boolean;
  /** Where focus starts; by default the browser's choice (the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes back on close; by default the element focused when it opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The close is complete (the page behind is no longer inert): the owner may move focus now. */
  onClosed?: () => void;
  className?: string;
  /** 'alertdialog' for a dialog that needs the user's answer now (the idle warning). */
  role?: 'dialog' | 'alertdialog';
  'aria-labelledby'?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/** Timings and width of spec section 9, handed to the stylesheet as custom properties. */
const dialogStyle = {
  '--portal-dialog-open-ms': `${DIALOG_OPEN_MS}ms`,
  '--portal-dialog-close-ms': `${DIALOG_CLOSE_MS}ms`,
  maxWidth: DIALOG_MAX_WIDTH,
} as CSSProperties;

/**
 * The one modal dialog of the portal (login assistance, delete confirmations): a native <dialog>
 * shown with showModal (focus trapped, the page behind inert, Escape), with the timings of spec
 * section 9 (useDialogMotion): 150 ms in, 75 ms out, closed for sure at 175 ms, the backdrop
 * removed at 500 ms, at most 80vw wide; no animation with reduced motion.
 *
 * The dimming backdrop is an element of its own (the native ::backdrop, transparent here, still
 * takes the clicks outside the dialog) because it outlives the dialog by the spec's 500 ms.
 */
export function Dialog({
  open,
  onDismiss,
  dismissible = true,
  initialFocus,
  returnFocusTo,
  onClosed,
  className,
  children,
  ...labels
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const motion = useDialogMotion(open, dialogRef, {
    onShown: () => {
      const active = document.activeElement;
      // Opened again while closing: the opener is still the one of the first opening.
      if (active instanceof HTMLElement && !dialogRef.current?.contains(active)) openerRef.current = active;
      initialFocus?.current?.focus();
    },
    onClosed: () => {
      const target = returnFocusTo?.current ?? openerRef.current;
      if (target?.isConnected) target.focus();
      onClosed?.();
    },
  });

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the browser would close the dialog behind React's back, so the owner decides.
    event.preventDefault();
    if (dismissible) onDismiss();
  };

  const onClose = () => {
    // The browser closed it by itself (it may refuse to let a second Escape be cancelled).
    const phase = motion.currentPhase();
    if (phase === 'closed' || phase === 'closing') return;
    if (dismissible) {
      motion.onNativeClose();
      onDismiss();
    } else dialogRef.current?.showModal?.();
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The content fills the dialog, so only a click on the backdrop targets the dialog itself.
    if (event.target === event.currentTarget && dismissible) onDismiss();
  };

  const backdrop =
    motion.backdrop === 'none'
      ? null
      : createPortal(
          <div
            className="portal-dialog-backdrop"
            data-phase={motion.backdrop}
            aria-hidden="true"
            onAnimationEnd={motion.onBackdropAnimationEnd}
            onTransitionEnd={motion.onBackdropAnimationEnd}
          />,
          document.body,
        );

  return (
    <>
      {backdrop}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event. */}
      <dialog
        ref={dialogRef}
        className={className ? `portal-dialog ${className}` : 'portal-dialog'}
        data-phase={motion.phase}
        style={dialogStyle}
        onCancel={onCancel}
        onClose={onClose}
        onClick={onBackdropClick}
        onAnimationEnd={motion.onDialogAnimationEnd}
        onTransitionEnd={motion.onDialogAnimationEnd}
        {...labels}
      >
        {children}
      </dialog>
    </>
  );
}
