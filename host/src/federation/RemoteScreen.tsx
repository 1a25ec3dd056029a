import { LoadingBar } from '@portal/shared/ui/LoadingBar';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { loadScreen } from './loadScreen';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { ScreenRendered } from './ScreenRendered';
import { resetRemote } from './remoteRegistry';
import type { RemoteName } from './remotesConfig';

type LazyScreen = LazyExoticComponent<ComponentType>;

// React.lazy caches a rejected import, so a failed screen's lazy component is dropped and a
// fresh one made on Retry.
const screens = new Map<string, LazyScreen>();

function lazyScreen(remote: RemoteName, expose: string): LazyScreen {
  const key = `${remote}/${expose}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = lazy(() => loadScreen(remote, expose));
    screens.set(key, screen);
  }
  return screen;
}

function forgetScreens(remote: RemoteName): void {
  for (const key of [...screens.keys()]) {
    if (key.startsWith(`${remote}/`)) screens.delete(key);
  }
}

export interface RemoteScreenProps {
  remote: RemoteName;
  expose: string;
}

/** One route's screen from a remote, with loading feedback and a failure that never blanks the page. */
export function RemoteScreen({ remote, expose }: RemoteScreenProps) {
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyScreen(remote, expose);

  const retry = () => {
    forgetScreens(remote);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry} onError={() => forgetScreens(remote)}>
      <Suspense fallback={<LoadingBar />}>
        {/* A new navigation to the same address re-runs the screen from a clean state. */}
        <Screen key={location.key} />
        <ScreenRendered pathname={location.pathname} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
