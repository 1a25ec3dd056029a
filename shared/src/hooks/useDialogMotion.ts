import { type RefObject, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  DIALOG_BACKDROP_REMOVAL_MS,
  DIALOG_CLOSE_MS,
  DIALOG_FALLBACK_MS,
  DIALOG_OPEN_MS,
} from '../constants';

/**
 * The phases of a modal dialog and its backdrop (spec section 9): it opens with a 150 ms
 * animation and closes with a 75 ms one. A phase ends when its animation ends, or at the latest
 * 100 ms after it should have (the fallback timer), so a close is complete at 175 ms even if no
 * animationend ever arrives. The backdrop fades out from the start of the close and is removed when
 * its own animation ends, or at 500 ms. With reduced motion there is no animation to wait for:
 * every phase ends at once (the stylesheet drops the animations).
 */
export type DialogPhase = 'closed' | 'opening' | 'open' | 'closing';
export type BackdropPhase = 'none' | 'showing' | 'leaving';

export interface DialogMotion {
  phase: DialogPhase;
  backdrop: BackdropPhase;
  /** For the dialog's animationend / transitionend. */
  onDialogAnimationEnd: (event: SyntheticEvent<HTMLElement>) => void;
  /** For the backdrop's animationend / transitionend. */
  onBackdropAnimationEnd: (event: SyntheticEvent<HTMLElement>) => void;
  /** The browser closed the dialog by itself (e.g. a second Escape it would not let be cancelled). */
  onNativeClose: () => void;
  /** The phase now (the render's `phase` may be older, e.g. in an event the close itself queued). */
  currentPhase: () => DialogPhase;
}

export interface DialogMotionOptions {
  /** Called once the dialog is shown (showModal has run): e.g. to move focus. */
  onShown?: (dialog: HTMLDialogElement) => void;
  /** Called once the dialog is closed for good: e.g. to give focus back. */
  onClosed?: (dialog: HTMLDialogElement) => void;
}

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function show(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  // Older engines without showModal still get a visible (non-modal) dialog.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hide(dialog: HTMLDialogElement): void {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** Drives a native <dialog> through its phases as `open` changes. */
export function useDialogMotion(
  open: boolean,
  dialogRef: RefObject<HTMLDialogElement | null>,
  { onShown, onClosed }: DialogMotionOptions = {},
): DialogMotion {
  const [phase, setPhaseState] = useState<DialogPhase>('closed');
  const [backdrop, setBackdropState] = useState<BackdropPhase>('none');
  // The effect and the handlers read the current phases, not those of their render.
  const phaseRef = useRef<DialogPhase>('closed');
  const backdropRef = useRef<BackdropPhase>('none');
  const phaseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const backdropTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onShown, onClosed });
  callbacks.current = { onShown, onClosed };

  const setPhase = useCallback((next: DialogPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  const setBackdrop = useCallback((next: BackdropPhase) => {
    backdropRef.current = next;
    setBackdropState(next);
  }, []);

  const clearTimers = useCallback(() => {
    clearTimeout(phaseTimer.current);
    clearTimeout(backdropTimer.current);
    phaseTimer.current = undefined;
    backdropTimer.current = undefined;
  }, []);

  const removeBackdrop = useCallback(() => {
    clearTimeout(backdropTimer.current);
    backdropTimer.current = undefined;
    if (backdropRef.current === 'leaving') setBackdrop('none');
  }, [setBackdrop]);

  const opened = useCallback(() => {
    clearTimeout(phaseTimer.current);
    phaseTimer.current = undefined;
    if (phaseRef.current === 'opening') setPhase('open');
  }, [setPhase]);

  const closed = useCallback(() => {
    clearTimeout(phaseTimer.current);
    phaseTimer.current = undefined;
    if (phaseRef.current !== 'closing') return;
    setPhase('closed');
    const dialog = dialogRef.current;
    if (!dialog) return;
    hide(dialog);
    callbacks.current.onClosed?.(dialog);
  }, [dialogRef, setPhase]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const current = phaseRef.current;
    // The media query is asked only when the dialog opens or closes: a dialog that stays closed
    // (the idle warning on every page) costs the first render nothing.
    if (open && (current === 'closed' || current === 'closing')) {
      // Also a dialog opened again while it was closing: it never left the top layer.
      setBackdrop('showing');
      show(dialog);
      callbacks.current.onShown?.(dialog);
      setPhase(prefersReducedMotion() ? 'open' : 'opening');
    } else if (!open && (current === 'opening' || current === 'open')) {
      const reduced = prefersReducedMotion();
      setPhase('closing');
      setBackdrop(reduced ? 'none' : 'leaving');
      if (reduced) closed();
    }
    // The deadlines of the phase now under way (armed again when StrictMode re-runs the effect).
    if (phaseRef.current === 'opening' && !phaseTimer.current)
      phaseTimer.current = setTimeout(opened, DIALOG_OPEN_MS + DIALOG_FALLBACK_MS);
    if (phaseRef.current === 'closing' && !phaseTimer.current)
      phaseTimer.current = setTimeout(closed, DIALOG_CLOSE_MS + DIALOG_FALLBACK_MS);
    if (backdropRef.current === 'leaving' && !backdropTimer.current)
      backdropTimer.current = setTimeout(removeBackdrop, DIALOG_BACKDROP_REMOVAL_MS);
    // A change of `open` or leaving the page: the deadlines of this phase no longer apply.
    return clearTimers;
  }, [open, dialogRef, opened, closed, removeBackdrop, clearTimers, setPhase, setBackdrop]);

  const onDialogAnimationEnd = useCallback(
    (event: SyntheticEvent<HTMLElement>) => {
      // Only the dialog's own animation, not one of its content's.
      if (event.target !== event.currentTarget) return;
      if (phaseRef.current === 'opening') opened();
      else if (phaseRef.current === 'closing') closed();
    },
    [opened, closed],
  );

  const onBackdropAnimationEnd = useCallback(
    (event: SyntheticEvent<HTMLElement>) => {
      if (event.target === event.currentTarget) removeBackdrop();
    },
    [removeBackdrop],
  );

  const onNativeClose = useCallback(() => {
    if (phaseRef.current === 'closed') return;
    setPhase('closing');
    setBackdrop('none');
    clearTimers();
    closed();
  }, [setPhase, setBackdrop, clearTimers, closed]);

  const currentPhase = useCallback(() => phaseRef.current, []);

  return { phase, backdrop, onDialogAnimationEnd, onBackdropAnimationEnd, onNativeClose, currentPhase };
}
