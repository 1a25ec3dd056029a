import { messages } from '../messages';
import { paths } from '../paths';
import { useRef } from 'react';
import { useLocation, useNavigate } from '@portal/shared/router';
import { signedOutForInactivity } from '@portal/shared/session';
import { LoginLayout } from '../common/LoginLayout';
import { Actions, Button, useFocusFirst } from '@portal/shared/ui';

/**
 * /signed-out: 'Logout Successful' and 'Log in again' → /direct; after the idle logout it says the
 * user was signed out for inactivity.
 */
export function SignedOutPage() {
  const navigate = useNavigate();
  const idle = signedOutForInactivity(useLocation().state);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useFocusFirst(buttonRef);
  return (
    <LoginLayout title={messages.endPages.logoutSuccessful}>
      {idle ? <p className="portal-login__text">{messages.endPages.signedOutIdle}</p> : null}
      <Actions>
        <Button ref={buttonRef} variant="primary" onClick={() => navigate(paths.direct)}>
          {messages.endPages.logInAgain}
        </Button>
      </Actions>
    </LoginLayout>
  );
}
