import { cataloguesReady } from '@portal/shared/words';
import type { ComponentType } from 'react';
import { ensureRegistered } from './remoteRegistry';
import type { RemoteName } from './remotesConfig';
import { loadExpose } from './runtime';

/** Past this a remote counts as down: the user gets the error banner and a Retry, not a spinner forever. */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

function isComponentModule(value: unknown): value is { default: ComponentType } {
  return (
    typeof value === 'object' && value !== null && 'default' in value && typeof value.default === 'function'
  );
}

/** Loads one exposed screen and its words, refusing anything that is not a component (contract drift). */
export async function loadScreen(remote: RemoteName, expose: string): Promise<{ default: ComponentType }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new RemoteLoadError(remote, `${remote} did not load within ${REMOTE_LOAD_TIMEOUT_MS} ms`)),
      REMOTE_LOAD_TIMEOUT_MS,
    );
  });
  try {
    const loaded = await Promise.race([
      ensureRegistered(remote).then(
        // The screen's module defines its remote's catalogue, which then loads the active
        // locale's messages: the screen is ready when they are (it never renders a source word).
        () =>
          loadExpose(remote, expose).then(async (module) => {
            await cataloguesReady();
            return module;
          }),
        (error: unknown) => {
          throw new RemoteLoadError(remote, error instanceof Error ? error.message : String(error));
        },
      ),
      timeout,
    ]);
    if (!isComponentModule(loaded)) throw new RemoteLoadError(remote, `${remote}/${expose} is not a screen`);
    return loaded;
  } finally {
    clearTimeout(timer);
  }
}
