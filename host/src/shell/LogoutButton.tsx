import { messages } from '@portal/shared/words';
import { useLogout } from '@portal/shared/session';

/**
 * The logout icon, shown only when authenticated: clears the session and the query parameters,
 * revokes the tokens and lands on /signed-out even when the revoke fails.
 */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <button
      type="button"
      className="portal-logout"
      aria-label={messages.shell.logout}
      onClick={() => void logout()}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
      </svg>
    </button>
  );
}
