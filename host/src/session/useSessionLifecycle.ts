import { useSessionLifecycle as useSharedSessionLifecycle } from '@portal/shared/session/lifecycle/useSessionLifecycle';

/**
 * The signed-in session's life in the shell: token refresh 5 minutes before expiry (logout on
 * failure), logout after 10 idle minutes, optional back-button lock. Mount once in the Layout.
 */
export function useSessionLifecycle(): void {
  useSharedSessionLifecycle();
}
