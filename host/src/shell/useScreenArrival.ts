import { announce, focusIsWithin, focusScreenStart } from '@portal/shared/a11y';
import { FIELD_FOCUS_DELAY_MS } from '@portal/shared/config';
import { messages } from '@portal/shared/words';
import { contributionsAtom } from '@portal/shared/contributions';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { screenTitleFor } from '../routing/routeTable';

/**
 * Every screen change, in one place (WCAG 2.4.2, 2.4.3, 4.1.3): the page's title names the screen
 * first (its contributed route's title; the portal server gives a page its first screen's); once
 * the screen has shown, focus goes to its first field or, without one, to its heading
 * (unless the screen already placed it: its own useFocusFirst runs first), so it is never left on
 * <body>; and the announcer says which screen this is. `visit` is the navigation's key: going to
 * the same address again is a new arrival.
 */
export function useScreenArrival(pathname: string, visit: string): void {
  const store = useStore();
  useEffect(() => {
    const title = screenTitleFor(store.get(contributionsAtom), pathname);
    const documentTitle = messages.shell.documentTitle({ screen: title });
    // A page that arrived rendered has its screen's title already (the portal server's plan.ts).
    if (document.title !== documentTitle) document.title = documentTitle;
    const timer = window.setTimeout(() => {
      const root = document.getElementById('main') ?? document.querySelector('main') ?? document.body;
      if (!focusIsWithin(root)) focusScreenStart(root);
      announce(store, title);
    }, FIELD_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
    // visit: a new navigation to the same address is a new arrival.
  }, [pathname, visit, store]);
}
