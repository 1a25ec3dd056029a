import { portalConfigAtom, userInfoTitleFor } from '@portal/shared/config';
import { boundedText, boundedTitle } from '@portal/shared/ui';
import { messages } from '@portal/shared/words';
import {
  AuthStatus,
  allowUserResetAtom,
  authStatusAtom,
  userInfoTitleAtom,
  userNameAtom,
} from '@portal/shared/session';
import { useAtomValue } from 'jotai';
import { useRestartFlow } from '@portal/shared/flow';

/**
 * Shown only while not authenticated and once a user is known: 'User {name}', or, when the
 * user may be reset, a clickable 'Not {name}?' that restarts the flow. A given title is that
 * clickable link instead (spec section 2, Shell): a title set for this step (userInfoTitleAtom)
 * or the one the portal configuration gives the audience. Without reset there is nothing to
 * click, so the title does not show: 'User {name}' says who is signing in.
 */
export function UserInfoBanner() {
  const status = useAtomValue(authStatusAtom);
  const userName = useAtomValue(userNameAtom);
  const allowReset = useAtomValue(allowUserResetAtom);
  const stepTitle = useAtomValue(userInfoTitleAtom);
  const config = useAtomValue(portalConfigAtom);
  const title = stepTitle || userInfoTitleFor(config);
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
          // When a title replaces 'Not {name}?', 'User {name}' stays at hand on hover.
          title={title ? messages.shell.user({ name: fullName ?? name }) : fullName}
          onClick={() => void restart()}
        >
          {title || messages.shell.notUser({ name })}
        </button>
      ) : (
        <span title={fullName}>{messages.shell.user({ name })}</span>
      )}
    </div>
  );
}
