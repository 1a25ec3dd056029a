import { contributionsAtom } from '@portal/shared/contributions';
import { useLocation } from '@portal/shared/router';
import { Button, ErrorBanner } from '@portal/shared/ui';
import { messages } from '@portal/shared/words';
import { useAtomValue } from 'jotai';
import { remoteNames } from '../federation/remotesConfig';
import { NotFound } from './NotFound';
import { useScreenArrival } from './useScreenArrival';

/**
 * An address no live remote claims. When a remote contributed nothing to this page (its manifest
 * was refused, unreadable or not pinned, so its routes are not known), the address may well be
 * one of its screens: the page says the portal could not handle it, with Retry (a new page load,
 * which reads remotes.json and the manifests again), as it does when a remote fails to load.
 * Otherwise it is 'Page Not Found'.
 */
export function UnclaimedAddress() {
  const { routes } = useAtomValue(contributionsAtom);
  const missing = remoteNames.find((name) => !routes.some((route) => route.remote === name));
  return missing ? <MissingRemote remote={missing} /> : <NotFound />;
}

function MissingRemote({ remote }: { remote: string }) {
  const location = useLocation();
  useScreenArrival(location.pathname, location.key);
  return (
    <div className="portal-remote-failure" data-failed-remote={remote}>
      <ErrorBanner>
        <Button onClick={() => window.location.reload()}>{messages.shell.retry}</Button>
      </ErrorBanner>
    </div>
  );
}
