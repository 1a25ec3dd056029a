import { captureRenderedForm, holdAdoptedForm } from '@portal/shared/ui';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { preloadScreen } from '../federation/screenCache';
import type { Renderer } from './renderer';
import type { RemoteName } from '../federation/remotesConfig';

/** Whether the page arrived with its first screen rendered (the portal server put it in #root). */
export function hasRenderedScreen(container: Element): boolean {
  return container.firstElementChild !== null;
}

/**
 * Takes over the server-rendered first screen (docs/architecture.md, "The rendered first screen").
 * The markup stays, usable, until the screen's code has arrived (or failed: the first render then
 * shows the remote-failure banner), so the app's first commit already holds the real screen. In
 * one task, with no paint between: the fields' state (value, checkbox, caret, focus) is read and
 * held for the screen (shared ui/adoptedForm), and the app renders synchronously, replacing the
 * markup with the same page; the screen restores the state in its layout effects.
 */
export async function takeOverRenderedScreen(
  container: Element,
  app: ReactNode,
  screen: { remote: RemoteName; expose: string },
  renderer: Promise<Renderer>,
): Promise<void> {
  const [{ createRoot }] = await Promise.all([renderer, preloadScreen(screen.remote, screen.expose)]);
  const root = createRoot(container);
  holdAdoptedForm(captureRenderedForm(container, window.location.pathname));
  flushSync(() => root.render(app));
}
