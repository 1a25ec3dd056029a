import { defaultPortalConfig, portalConfigAtom, themeBrandAtom } from '@portal/shared/config';
import { contributionsAtom } from '@portal/shared/contributions';
import { Route, Routes } from '@portal/shared/router';
import { Announcer } from '@portal/shared/ui';
import { Provider, createStore } from 'jotai';
import { useState } from 'react';
import { Layout } from '../shell/Layout';
import { SHELL_SLOTS } from './shellSlots';

function shellStore() {
  const store = createStore();
  store.set(portalConfigAtom, {
    ...defaultPortalConfig,
    privacyStatementUrl: SHELL_SLOTS.privacyUrl,
    termsOfUseUrl: SHELL_SLOTS.termsUrl,
  });
  store.set(themeBrandAtom, { productName: SHELL_SLOTS.productName, logoUrl: SHELL_SLOTS.logoUrl });
  const contributions = store.get(contributionsAtom);
  store.set(contributionsAtom, {
    ...contributions,
    links: [
      { slot: 'footer', path: SHELL_SLOTS.linkPath, label: SHELL_SLOTS.linkLabel, order: 0, remote: 'shell' },
    ],
  });
  return store;
}

/**
 * The shell as a signed-out page first shows it (header, no user banner, footer, the announcer),
 * rendered at build time (tooling's PrerenderPlugin) into first-load.json. The portal server puts
 * the screen's markup and the footer's links in its slots (shellSlots.ts); the app's first render
 * is then the same page.
 */
export default function Shell() {
  const [store] = useState(shellStore);
  return (
    <Provider store={store}>
      <Announcer />
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={SHELL_SLOTS.screen} />
        </Route>
      </Routes>
    </Provider>
  );
}
