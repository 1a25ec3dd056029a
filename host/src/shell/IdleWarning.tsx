import { currentLocale, messages } from '@portal/shared/words';
import { idleLogoutAtAtom, lastUserActivityAtom } from '@portal/shared/session';
import { Actions, Button, Dialog, Stack } from '@portal/shared/ui';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { countdownClock } from './countdownClock';
import './IdleWarning.css';

/** The countdown's step. */
const TICK_MS = 1_000;

/** Whole seconds from now until `at` (never below 0). */
function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * The warning before the idle logout (WCAG 2.2.1): an alert dialog, shown while the session
 * lifecycle says the logout is near (idleLogoutAtAtom), with the time left counting down and
 * 'Stay signed in'. Any key or pointer press is activity and closes it; so does the button, which
 * also counts as activity when pressed without a pointer (a screen reader's virtual click).
 */
export function IdleWarning() {
  const store = useStore();
  const logoutAt = useAtomValue(idleLogoutAtAtom);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const stayRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (logoutAt === null) return;
    const tick = () => setSecondsLeft(secondsUntil(logoutAt));
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [logoutAt]);

  const stay = () => store.set(lastUserActivityAtom, new Date());
  const text = messages.idleWarning;
  // The countdown exists once the warning has opened (and stays while it closes): the first
  // Intl.NumberFormat of a page loads the locale's number data, which a phone pays for in the
  // middle of start-up, for a dialog nobody sees then.
  const shown = logoutAt !== null || secondsLeft > 0;
  return (
    <Dialog
      open={logoutAt !== null}
      role="alertdialog"
      onDismiss={stay}
      initialFocus={stayRef}
      className="portal-idle-warning"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <Stack gap="normal">
        <h2 id={titleId} className="portal-idle-warning__title">
          {text.title}
        </h2>
        {/* Not a live region: the dialog's description is read when it opens, not every second. */}
        <p id={textId} className="portal-idle-warning__text">
          {shown ? text.timeLeft({ time: countdownClock(secondsLeft, currentLocale()) }) : null}
        </p>
        <Actions>
          <Button ref={stayRef} variant="primary" onClick={stay}>
            {text.staySignedIn}
          </Button>
        </Actions>
      </Stack>
    </Dialog>
  );
}
