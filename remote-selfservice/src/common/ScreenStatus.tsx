import { ErrorBanner } from '@portal/shared/ui/ErrorBanner';
import { LoadingBar } from '@portal/shared/ui/LoadingBar';

/** The loading bar while waiting and the error banner when something failed. */
export function ScreenStatus({ busy, error }: { busy: boolean; error: string | null }) {
  return (
    <>
      {busy ? <LoadingBar /> : null}
      {error ? <ErrorBanner message={error} /> : null}
    </>
  );
}
