import { messages } from '@portal/shared/words';
import { paths, useNavigate } from '@portal/shared/router';

/** The way on from a verification screen: back to Manage Credentials. */
export function BackToSelfService() {
  const navigate = useNavigate();
  return (
    <button type="button" className="portal-button" onClick={() => navigate(paths.selfService)}>
      {messages.registration.backToSelfService}
    </button>
  );
}
