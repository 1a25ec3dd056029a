import type { ReactNode } from 'react';

/** Marks what this remote renders, and which build of it, for support and for tests. */
export function RemoteRoot({ children }: { children: ReactNode }) {
  return (
    <div className="portal-remote" data-remote="remote_help" data-remote-build={__PORTAL_BUILD_LABEL__}>
      {children}
    </div>
  );
}
