import { boundedText, boundedTitle } from '@portal/shared/display/boundedText';
import { messages } from '@portal/shared/messages/en_US';
import { AuthStatus } from '@portal/shared/session/authStatus';
import {
  allowUserResetAtom,
  authStatusAtom,
  userInfoTitleAtom,
  userNameAtom,
} from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';
import { useRestartFlow } from '@portal/shared/flow/useRestartFlow';

/**
 * Shown only while not authenticated and once a user is known: 'User {name}', or, when the
 * user may be reset, a clickable 'Not {name}?' (or the given title) that restarts the flow.
 */
export function UserInfoBanner() {
  const status = useAtomValue(authStatusAtom);
  const userName = useAtomValue(userNameAtom);
  const allowReset = useAtomValue(allowUserResetAtom);
  const title = useAtomValue(userInfoTitleAtom);
  const restart = useRestartFlow();
  if (status === AuthStatus.Authenticated || !userName) return null;
  // The name comes from the server: only a bounded part of it is shown.
  const name = boundedText(userName);
  const fullName = boundedTitle(userName);
  return (
    <div className="portal-user-info" aria-live="polite">
      {allowReset ? (
        <button
          type="button"
          className="portal-link-button"
          title={title ? undefined : fullName}
          onClick={() => void restart()}
        >
          {title || messages.shell.notUser(name)}
        </button>
      ) : (
        <span title={fullName}>{messages.shell.user(name)}</span>
      )}
    </div>
  );
}
