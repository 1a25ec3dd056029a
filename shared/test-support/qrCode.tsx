import { useEffect } from 'react';
import type { QrCodeProps } from '../src/ui/codes/QrCode';

/**
 * A stand-in for the `QrCode` of `@portal/shared/ui/codes` in screens' tests (jsdom cannot draw on a
 * canvas): `vi.mock('@portal/shared/ui/codes', async (importOriginal) => ({ ...(await importOriginal()),
 * ...(await import('@portal/shared/test-support/qrCode')) }))`.
 * The picture carries the text it would draw (`data-qr-text`); `failNextQrCode` makes the next
 * one report a drawing failure. The real component is tested in shared/test/QrCode.test.tsx.
 */
let nextFailure: Error | null = null;

export function failNextQrCode(error: Error): void {
  nextFailure = error;
}

export function QrCode({ text, label, onError, className }: QrCodeProps) {
  useEffect(() => {
    const failure = nextFailure;
    nextFailure = null;
    if (failure) onError(failure);
  }, [onError]);
  return <canvas className={className} role="img" aria-label={label} data-qr-text={text} />;
}
