import { useSaying } from '@portal/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { NewRecoveryCodes } from './recoveryCodeCalls';

export interface RecoveryCodesState {
  /** Unused codes the user holds; null until the SSO has answered (or when it could not). */
  remaining: number | null;
  /** The SSO has no recovery codes (404): self-service does not offer them. */
  unsupported: boolean;
  busy: boolean;
  error: string | null;
  /** Makes a new set (the old one stops working): the codes to show once, or null on failure. */
  generate: () => Promise<NewRecoveryCodes | null>;
}

/** The user's recovery codes as self-service shows them: the count, and making a new set. */
export function useRecoveryCodes(): RecoveryCodesState {
  const [remaining, setRemaining] = useState<number | null>(null);
  const [busy, setBusy] = useState(true);
  // What to say, read at each render (a language switch shows it in the new words).
  const [error, setError] = useSaying();
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void api.recoveryCodeStatus({ signal: controller.signal, background: true }).then((result) => {
      if (controller.signal.aborted) return;
      setBusy(false);
      if (result.ok) setRemaining(result.data.remaining);
      else if (result.error.status === 404) setUnsupported(true);
      else if (result.error.kind !== 'aborted') {
        const failure = result.error;
        setError(() => failure.message);
      }
    });
    return () => controller.abort();
  }, []);

  const generate = useCallback(async () => {
    setBusy(true);
    setError(null);
    const result = await api.generateRecoveryCodes();
    setBusy(false);
    if (!result.ok) {
      const failure = result.error;
      setError(() => failure.message);
      return null;
    }
    setRemaining(result.data.remaining);
    return result.data;
  }, []);

  return { remaining, unsupported, busy, error, generate };
}
