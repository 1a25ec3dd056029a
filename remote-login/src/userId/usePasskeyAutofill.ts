import { useEffect, useRef } from 'react';
import type { PickedPasskey } from './conditionalPasskey';

/**
 * Passkey autofill on the User ID field: while `armed` (the form is usable), a conditional
 * WebAuthn request waits for the user to pick a passkey from the field's suggestions, and its
 * assertion (with its challenge's flow state) goes to `onAssertion`. Disarming (a typed User ID is submitted) or leaving the screen
 * aborts it; being armed again (the typed User ID failed) starts a new one.
 *
 * The ceremony's code is imported here, in an effect, so it loads after the field is usable, and
 * from the task after the one that made it usable: adding its script to the page costs the main
 * thread some milliseconds the form's readiness need not wait for (on the rendered first screen,
 * the app's take-over task; issue 25).
 */
export function usePasskeyAutofill(armed: boolean, onAssertion: (picked: PickedPasskey) => void): void {
  const onAssertionRef = useRef(onAssertion);
  useEffect(() => {
    onAssertionRef.current = onAssertion;
  });

  useEffect(() => {
    if (!armed) return;
    const controller = new AbortController();
    let cancel: (() => void) | null = null;
    const start = setTimeout(() => {
      void import('./conditionalPasskey')
        .then(async (ceremony) => {
          if (controller.signal.aborted) return;
          cancel = ceremony.cancelConditionalRequest;
          const picked = await ceremony.conditionalPasskeyAssertion(controller.signal);
          if (picked && !controller.signal.aborted) onAssertionRef.current(picked);
        })
        // A chunk that cannot load only means no suggestions: the field works without them.
        .catch(() => undefined);
    }, 0);
    return () => {
      clearTimeout(start);
      controller.abort();
      cancel?.();
    };
  }, [armed]);
}
