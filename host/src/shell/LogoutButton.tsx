import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { useNavigate } from 'react-router-dom';

/** The logout icon, shown only when authenticated. */
export function LogoutButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="portal-logout"
      aria-label={messages.shell.logout}
      onClick={() => navigate(paths.signedOut)}
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
