import { messages } from '../messages';
import { paths } from '../paths';
import { Link } from '@portal/shared/router';
import { Actions, buttonClass, PageHeading, Stack } from '@portal/shared/ui';
import '../common/login.css';

/** '' and /home: the way in to sign-in, and to what the hub is. */
export function LandingPage() {
  return (
    <Stack as="section" gap="loose" aria-labelledby="landing-title">
      <PageHeading id="landing-title" lead={messages.landing.intro}>
        {messages.landing.title}
      </PageHeading>
      <Actions>
        <Link className={buttonClass('primary')} to={paths.direct}>
          {messages.landing.login}
        </Link>
      </Actions>
      <p className="portal-login__text">
        <Link to="/aboutAuthHub">{messages.landing.about}</Link>
      </p>
    </Stack>
  );
}
