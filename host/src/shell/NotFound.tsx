import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { errorMessageAtom } from '@portal/shared/session/atoms';
import { ErrorBanner } from '@portal/shared/ui/ErrorBanner';
import { useAtomValue } from 'jotai';
import { Link } from '@portal/shared/router';

/**
 * Any other address; also where the flow lands on a null server reply, whose message
 * ('Server error, response is null') is shown above the way home.
 */
export function NotFound() {
  const error = useAtomValue(errorMessageAtom);
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{messages.shell.pageNotFound}</h1>
      {error ? <ErrorBanner message={error} /> : null}
      <Link to={paths.home}>{messages.shell.goHome}</Link>
    </section>
  );
}
