import { type RefObject, useLayoutEffect, useRef } from 'react';
import { focusHeading } from './focusScreen';

/**
 * Keeps keyboard focus in a screen whose step replaces the control that had it (a chooser that
 * gives way to a waiting message, a form that gives way to its result): when the control that last
 * had focus in `root` is gone and focus is on <body> (where the next Tab starts again at the top of
 * the page), focus goes to the screen's heading. The control may have lost focus first by being
 * disabled while its call ran. A control only disabled for a moment is left to its screen, which
 * focuses it again.
 */
export function useFocusRescue(root: RefObject<HTMLElement | null>): void {
  const lastFocused = useRef<Element | null>(null);
  // Read while rendering, before the commit changes the DOM: where focus is now.
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (active && root.current?.contains(active)) lastFocused.current = active;
  else if (active && active !== document.body) lastFocused.current = null;

  useLayoutEffect(() => {
    const last = lastFocused.current;
    const section = root.current;
    if (!last || !section || last.isConnected) return;
    lastFocused.current = null;
    const now = document.activeElement;
    if (now && now !== document.body) return;
    focusHeading(section, 'h1');
  });
}
