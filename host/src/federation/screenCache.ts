import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadScreen } from './loadScreen';
import type { RemoteName } from './remotesConfig';

type LazyScreen = LazyExoticComponent<ComponentType>;

const keyOf = (remote: RemoteName, expose: string) => `${remote}/${expose}`;

/** Screens whose code has arrived: rendered at once, without suspending (no fallback, no reveal delay). */
const loaded = new Map<string, ComponentType>();
/** React.lazy caches a rejected import, so a failed screen's lazy component is dropped and a fresh one made on Retry. */
const pending = new Map<string, LazyScreen>();

function remember(remote: RemoteName, expose: string) {
  return loadScreen(remote, expose).then((module) => {
    loaded.set(keyOf(remote, expose), module.default);
    return module;
  });
}

/** The component for a route: the loaded screen itself, or a lazy one that suspends until it arrives. */
export function screenComponent(remote: RemoteName, expose: string): ComponentType {
  const key = keyOf(remote, expose);
  const ready = loaded.get(key);
  if (ready) return ready;
  let screen = pending.get(key);
  if (!screen) {
    screen = lazy(() => remember(remote, expose));
    pending.set(key, screen);
  }
  return screen;
}

/** Loads a screen's code ahead of need (the screen the user most likely sees next). Failures stay silent. */
export function preloadScreen(remote: RemoteName, expose: string): Promise<void> {
  if (loaded.has(keyOf(remote, expose))) return Promise.resolve();
  return remember(remote, expose).then(
    () => undefined,
    () => undefined,
  );
}

/** After a failure: the remote's screens are loaded afresh on Retry. */
export function forgetScreens(remote: RemoteName): void {
  for (const map of [loaded, pending]) {
    for (const key of [...map.keys()]) if (key.startsWith(`${remote}/`)) map.delete(key);
  }
}
