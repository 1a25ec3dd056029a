import { ErrorBanner, LoadingBar } from '@portal/shared/ui';

/** The loading bar while waiting and the error banner when something failed. */
export function ScreenStatus({ busy, error }: { busy: boolean; error: string | null }) {
  return (
    <>
      {busy ? <LoadingBar /> : null}
      {error ? <ErrorBanner message={error} /> : null}
    </>
  );
}
