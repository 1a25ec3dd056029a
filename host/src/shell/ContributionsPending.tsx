import { messages } from '@portal/shared/words';
import { Button, ErrorBanner, LoadingBar } from '@portal/shared/ui';
import { useAtomValue, useStore } from 'jotai';
import { contributionsLoadAtom, loadContributions } from '../startup/contributions';

/**
 * What the shell shows until the live remotes' contributions are in (a bare page fetches them):
 * the loading bar, or, when they could not be had, the spec's error banner with Retry. Never a
 * blank page.
 */
export function ContributionsPending() {
  const load = useAtomValue(contributionsLoadAtom);
  const store = useStore();
  if (load !== 'failed') return <LoadingBar />;
  return (
    <div className="portal-remote-failure" data-failed-remote="contributions">
      <ErrorBanner>
        <Button onClick={() => void loadContributions(store)}>{messages.shell.retry}</Button>
      </ErrorBanner>
    </div>
  );
}
