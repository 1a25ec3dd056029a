import { BusyIndicator, ErrorBanner } from '@portal/shared/ui';

export interface ScreenStatusProps {
  /** The screen's wait has lasted a second (useBusyIndicator): the busy indicator shows. */
  shown: boolean;
  /** The busy indicator's words: 'Please wait…' unless given; null for the bar alone. */
  busyText?: string | null;
  error: string | null;
}

/** The busy indicator while a call has not answered, and the error banner when something failed. */
export function ScreenStatus({ shown, busyText, error }: ScreenStatusProps) {
  return (
    <>
      <BusyIndicator shown={shown} text={busyText} />
      {error ? <ErrorBanner message={error} /> : null}
    </>
  );
}
