/**
 * Runs `then` once the pointer press under way (if any) has ended and its click been dispatched.
 *
 * A field validated on blur shows its message under it, which moves what follows. When the blur
 * comes from pressing a button below the field (Back), the button would move between the press
 * and the release and the click be lost. So the message waits for the release: pointerup, mouseup
 * and click are dispatched in one task, and the timer after it runs once the click is done.
 */
let pressed = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressed = true), { capture: true });
  document.addEventListener('pointerup', () => (pressed = false), { capture: true });
  document.addEventListener('pointercancel', () => (pressed = false), { capture: true });
}

export function afterPress(then: () => void): void {
  if (!pressed) {
    then();
    return;
  }
  const release = () => setTimeout(then, 0);
  document.addEventListener('pointerup', release, { once: true });
  document.addEventListener('pointercancel', release, { once: true });
}
