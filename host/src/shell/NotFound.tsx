import { messages } from '@portal/shared/words';
import { paths, Link, useLocation } from '@portal/shared/router';
import { useErrorMessage } from '@portal/shared/session';
import { ErrorBanner, PageHeading, RedirectNotice, Stack } from '@portal/shared/ui';
import { useState } from 'react';
import { useScreenArrival } from './useScreenArrival';

/**
 * Any other address; also where the flow lands on a null server reply, whose message
 * ('Server error, response is null') is shown above the way home.
 *
 * After a null reply the sign-in cannot go on from here, so the redirect helper of the error
 * handling (3000 ms) takes the user to the home page, unless they stay or use the banner (its
 * 'More Info' is for reading the help-desk details, which a redirect must not take away). A
 * mistyped address is not an error of the sign-in: that page waits for the user.
 */
export function NotFound() {
  // In the language of the moment: a switch shows the kept message in the new words.
  const error = useErrorMessage();
  const [engaged, setEngaged] = useState(false);
  const location = useLocation();
  useScreenArrival(location.pathname, location.key);
  return (
    <Stack as="section" gap="loose" className="portal-not-found" aria-labelledby="not-found-title">
      <PageHeading id="not-found-title">{messages.shell.pageNotFound}</PageHeading>
      {error ? (
        <div onClickCapture={() => setEngaged(true)}>
          <ErrorBanner message={error} />
        </div>
      ) : null}
      {error ? (
        <RedirectNotice to={paths.home} place={messages.redirect.homePage} cancelled={engaged} />
      ) : null}
      <p className="portal-shell-screen__way">
        <Link to={paths.home}>{messages.shell.goHome}</Link>
      </p>
    </Stack>
  );
}
