import { factorApi as api } from '../api/client';
import type { ApiError } from '@portal/shared/transport';
import type { RegistrationResult } from '../api/schemas';
import { portalConfigAtom } from '@portal/shared/config';
import {
  Actions,
  boundedText,
  Button,
  stackClass,
  useLocalisedServerCall,
  useRunOnMount,
} from '@portal/shared/ui';
import { QrCode } from '@portal/shared/ui/codes';
import { messages } from '../messages';
import { loginNameAtom, userNameAtom } from '@portal/shared/session';
import { otpauthLink, totpIssuer } from '@portal/shared/ui/codes';
import { useAtomValue } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { CodeEntry, type CodeEntryHandle } from '../common/CodeEntry';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { setupKeyGroups } from './setupKey';
import './enrolment.css';

interface Registered {
  credId: string;
  credValue: string;
  secret: string;
  tenantName: string;
}

/**
 * Mobile authenticator enrolment during sign-in (MOBILEOTP_REGISTER on /motp): MobileOTPRegistrar
 * with the flow state on opening (the account label is the user name, as the app will show it),
 * the QR code of spec section 9 with its sentence, the setup key as text for those who cannot
 * scan, and the app's first code to MobileOTPVerifier (device tag); the reply is routed.
 */
export function TotpEnrolment() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const serverUserName = useAtomValue(userNameAtom);
  const loginName = useAtomValue(loginNameAtom);
  const userName = serverUserName ?? loginName ?? '';
  const { tenantDisplayNames } = useAtomValue(portalConfigAtom);
  const [registered, setRegistered] = useState<Registered | null>(null);
  const { busy, error, setError, run } = useLocalisedServerCall();
  const codeRef = useRef<CodeEntryHandle>(null);

  const register = useCallback(async () => {
    const accepted = (result: RegistrationResult) => {
      if (!result.credId || !result.sharedSecret) {
        setError(() => messages.registration.unableToRegister);
        return;
      }
      setRegistered({
        credId: result.credId,
        credValue: result.credValue || userName,
        secret: result.sharedSecret,
        tenantName: result.tenantName ?? '',
      });
    };
    await run((signal) => api.enrolMobileOtp('totp', userName, { signal }), accepted);
  }, [run, setError, userName]);

  useRunOnMount(register, ready);

  const onQrError = useCallback(
    (failure: unknown) => {
      const detail = failure instanceof Error ? failure.message : String(failure);
      setError(() => messages.registration.unexpectedError({ detail }));
    },
    [setError],
  );

  /** A refused code: its message, and empty boxes for the next one. */
  const clearCode = (failure: ApiError) => {
    codeRef.current?.clear();
    return () => failure.message;
  };

  const verify = async (code: string) => {
    if (!registered || busy) return;
    const input = { credId: registered.credId, credValue: registered.credValue, otp: code };
    await run((signal) => api.verifyMobileOtp(input, { signal }), routeReply, { onError: clearCode });
  };

  if (!ready) return null;
  return (
    <FactorLayout
      title={messages.registration.totpTitle}
      busy={busy}
      // Before the QR code, the status line says the authenticator is being prepared.
      busyText={registered ? undefined : null}
      error={error}
      errorActions={
        registered ? null : <Button onClick={() => void register()}>{messages.enrolment.tryAgain}</Button>
      }
    >
      {registered ? (
        <CodeEntry
          ref={codeRef}
          busy={busy}
          label={messages.mobileOtp.codeLabel}
          onCode={(code) => void verify(code)}
          onMoreOptionsError={setError}
        >
          <p className="portal-factor__status">
            {messages.mobileOtp.scanToRegister({ value: boundedText(registered.credValue) })}
          </p>
          <QrCode
            className="portal-enrolment__qr"
            text={otpauthLink({
              userName,
              secret: registered.secret,
              issuer: totpIssuer(registered.tenantName, tenantDisplayNames),
            })}
            label={messages.registration.qrLabel}
            onError={onQrError}
          />
          <div className={stackClass('tight', 'portal-enrolment__secret')}>
            <p>{messages.enrolment.secretIntro}</p>
            <p>
              {messages.enrolment.secretLabel}: <code>{setupKeyGroups(registered.secret)}</code>
            </p>
          </div>
        </CodeEntry>
      ) : (
        <>
          <p className="portal-factor__status" role="status">
            {busy ? messages.enrolment.totpPreparing : null}
          </p>
          <Actions>
            <MoreOptions variant="secondary" onError={setError} disabled={busy} />
          </Actions>
        </>
      )}
    </FactorLayout>
  );
}
