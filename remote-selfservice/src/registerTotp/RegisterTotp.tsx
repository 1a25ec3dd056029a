import { api } from '../api/client';
import { portalConfigAtom } from '@portal/shared/config';
import { messages } from '../messages';
import { loginNameAtom, userNameAtom } from '@portal/shared/session';
import { otpauthLink, totpIssuer } from '@portal/shared/ui/codes';
import { Actions, Button, PageHeading, Stack, stackClass, useBusyIndicator } from '@portal/shared/ui';
import { OtpInput, type OtpInputHandle, QrCode } from '@portal/shared/ui/codes';
import { useAtomValue } from 'jotai';
import { useCallback, useRef } from 'react';
import { useLocation } from '@portal/shared/router';
import { BackToSelfService } from '../common/BackToSelfService';
import { unexpectedErrorText } from '../common/errorText';
import { MissingRegistration } from '../common/MissingRegistration';
import {
  readState,
  type TotpRegistrationState,
  TotpRegistrationStateSchema,
} from '../common/registrationState';
import { ScreenStatus } from '../common/ScreenStatus';
import { useVerify } from '../common/useVerify';
import '../common/selfservice.css';

/** /register/totp: the QR code for the authenticator app, then its first code (MobileOTPVerifier). */
export function RegisterTotp() {
  const state = readState(TotpRegistrationStateSchema, useLocation().state);
  if (!state) return <MissingRegistration title={messages.registration.totpTitle} />;
  return <TotpVerification state={state} />;
}

function TotpVerification({ state }: { state: TotpRegistrationState }) {
  const { tenantDisplayNames } = useAtomValue(portalConfigAtom);
  const serverUserName = useAtomValue(userNameAtom);
  const loginName = useAtomValue(loginNameAtom);
  const { busy, error, setError, verify } = useVerify();
  const busyShown = useBusyIndicator(busy);
  const boxes = useRef<OtpInputHandle>(null);
  const link = otpauthLink({
    userName: serverUserName ?? loginName ?? '',
    secret: state.sharedSecret,
    issuer: totpIssuer(state.tenantName, tenantDisplayNames),
  });
  const onQrError = useCallback(
    (failure: unknown) => setError(() => unexpectedErrorText(failure)),
    [setError],
  );

  const submit = async (otp: string) => {
    const ok = await verify((signal) =>
      api.verifyMobileOtp({ credId: state.credId, credValue: state.credValue, otp }, { signal }),
    );
    if (!ok) boxes.current?.clear();
  };

  return (
    <section className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <Stack gap="normal">
        <BackToSelfService />
        <PageHeading lead={messages.mobileOtp.scanToRegister({ value: state.credValue })}>
          {messages.registration.totpTitle}
        </PageHeading>
      </Stack>
      <ScreenStatus shown={busyShown} error={error} />
      <QrCode
        text={link}
        label={messages.registration.qrLabel}
        onError={onQrError}
        className="portal-selfservice__qr"
      />
      <form
        className={stackClass('normal')}
        onSubmit={(event) => {
          event.preventDefault();
          if (boxes.current?.validate()) void submit(boxes.current.value());
        }}
      >
        <OtpInput
          ref={boxes}
          autoFocus
          disabled={busy}
          label={messages.mobileOtp.codeLabel}
          onComplete={(code) => void submit(code)}
        />
        <Actions>
          <Button type="submit" variant="primary" disabled={busy}>
            {messages.common.submit}
          </Button>
        </Actions>
      </form>
    </section>
  );
}
