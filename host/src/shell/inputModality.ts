/**
 * The user's last kind of input, on <html data-input-modality="keyboard|pointer"> (issue 44): a
 * screen's heading takes focus on arrival (useScreenArrival; the screen-reader walk relies on it),
 * and shell.css draws its ring only when the keyboard brought the user there. Interactive
 * elements keep their ring on :focus-visible whatever the modality. No attribute (nothing typed or
 * pointed yet, e.g. a page just loaded) counts as not the keyboard.
 */
export type InputModality = 'keyboard' | 'pointer';

export const INPUT_MODALITY_ATTRIBUTE = 'data-input-modality';

/** Keys that move nothing on their own: a modifier pressed alone, or a shortcut with one. */
function movesFocus(event: KeyboardEvent): boolean {
  if (event.metaKey || event.ctrlKey || event.altKey) return false;
  return !['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(event.key);
}

/** Starts tracking on `root` (capture phase, so a screen that stops propagation cannot hide it); returns the stop. */
export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const set = (modality: InputModality) => {
    if (root.getAttribute(INPUT_MODALITY_ATTRIBUTE) !== modality)
      root.setAttribute(INPUT_MODALITY_ATTRIBUTE, modality);
  };
  const onKey = (event: KeyboardEvent) => {
    if (movesFocus(event)) set('keyboard');
  };
  const onPointer = () => set('pointer');
  const options = { capture: true, passive: true } as const;
  window.addEventListener('keydown', onKey, options);
  for (const type of ['pointerdown', 'mousedown', 'touchstart'] as const)
    window.addEventListener(type, onPointer, options);
  return () => {
    window.removeEventListener('keydown', onKey, options);
    for (const type of ['pointerdown', 'mousedown', 'touchstart'] as const)
      window.removeEventListener(type, onPointer, options);
  };
}
