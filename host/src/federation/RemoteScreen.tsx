import { useLocation } from '@portal/shared/router';
import { LoadingBar } from '@portal/shared/ui';
import { localeAtom } from '@portal/shared/words';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { screenStarted } from '../health/pageHealth';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { ScreenRendered } from './ScreenRendered';
import { resetRemote } from './remoteRegistry';
import type { RemoteName } from './remotesConfig';
import { forgetScreens, screenComponent } from './screenCache';

export interface RemoteScreenProps {
  remote: RemoteName;
  expose: string;
}

/** One route's screen from a remote, with loading feedback and a failure that never blanks the page. */
export function RemoteScreen({ remote, expose }: RemoteScreenProps) {
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  // A new language renders the screen again in its words (read at render), keeping its state.
  useAtomValue(localeAtom);
  // A screen whose code has arrived renders in the same commit as the navigation; only a screen
  // still on its way suspends (loading bar meanwhile). The component first chosen stays the one
  // rendered until a Retry: a lazy screen that has since arrived would otherwise be another
  // component at the next render (a language switch), and React would mount the screen afresh,
  // losing its state (an open dialog, what the user typed, a reply already shown).
  const [chosen, setChosen] = useState(() => ({ attempt, Screen: screenComponent(remote, expose) }));
  if (chosen.attempt !== attempt) setChosen({ attempt, Screen: screenComponent(remote, expose) });
  const { Screen } = chosen;
  // Canary analysis: this page uses the remote's build; a screen that never renders is reported.
  // A Retry (attempt) is a visit of its own: it waits for the screen anew.
  const visit = `${location.key}#${attempt}`;
  useEffect(() => screenStarted(remote, visit), [remote, visit]);

  const retry = () => {
    forgetScreens(remote);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      visit={visit}
      onRetry={retry}
      onError={() => forgetScreens(remote)}
    >
      <Suspense fallback={<LoadingBar />}>
        {/* A new navigation to the same address re-runs the screen from a clean state. */}
        <Screen key={location.key} />
        <ScreenRendered pathname={location.pathname} visit={visit} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
