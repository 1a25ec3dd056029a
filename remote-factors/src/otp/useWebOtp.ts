import * as v from 'valibot';
import { useCallback, useEffect, useRef } from 'react';

/** What the WebOTP API resolves with: an OTPCredential, of which only the code is read. */
const OtpCredentialSchema = v.object({ code: v.pipe(v.string(), v.regex(/^\d+$/)) });

/** The WebOTP API (Chromium on Android, and a stub in the e2e tests). */
export function webOtpSupported(): boolean {
  return typeof window !== 'undefined' && 'OTPCredential' in window && 'credentials' in navigator;
}

/**
 * Listens for the code of an incoming SMS with the WebOTP API while `sent` names a code that was
 * sent (a new value, e.g. after Resend, listens afresh; null stops), and hands it to `onCode`.
 * The request is aborted when the screen is left, and by the returned `stop` (the user submits by
 * hand). A refusal, an abort or an unexpected value leaves the boxes to the user.
 */
export function useWebOtp(sent: object | null, onCode: (code: string) => void): () => void {
  const onCodeRef = useRef(onCode);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    if (!sent || !webOtpSupported()) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    // `otp` is not in TypeScript's DOM types yet.
    const request = { otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(request)
      .then((credential) => {
        if (controller.signal.aborted) return;
        const parsed = v.safeParse(OtpCredentialSchema, credential);
        if (parsed.success) onCodeRef.current(parsed.output.code);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (controllerRef.current === controller) controllerRef.current = null;
    };
  }, [sent]);

  return useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
  }, []);
}
