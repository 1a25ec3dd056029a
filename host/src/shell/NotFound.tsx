import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{messages.shell.pageNotFound}</h1>
      <Link to={paths.home}>{messages.shell.goHome}</Link>
    </section>
  );
}
