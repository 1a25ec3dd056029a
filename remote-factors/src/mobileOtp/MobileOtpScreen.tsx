import { api } from '@portal/shared/api/client';
import type { ApiError } from '@portal/shared/api/result';
import type { CredentialOption } from '@portal/shared/api/schemas';
import { useServerCall } from '@portal/shared/hooks/useServerCall';
import { messages } from '@portal/shared/messages/en_US';
import { factorOptionsAtom } from '@portal/shared/session/atoms';
import { OtpInput, type OtpInputHandle } from '@portal/shared/ui/OtpInput';
import { useAtomValue } from 'jotai';
import { type FormEvent, useRef, useState } from 'react';
import { CredentialChooser } from '../chooser/CredentialChooser';
import { FactorLayout } from '../common/FactorLayout';
import { useFocusFirst } from '@portal/shared/hooks/useFocusFirst';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { isEnrolmentStep } from '../enrolment/enrolmentStep';
import { TotpEnrolment } from '../enrolment/TotpEnrolment';
import { useOpeningReply } from '../enrolment/useOpeningReply';
import { MoreOptions } from '../moreOptions/MoreOptions';

/** /motp: enrolment of a mobile authenticator (MOBILEOTP_REGISTER), or sign-in with one. */
export function MobileOtpScreen() {
  return isEnrolmentStep(useOpeningReply()) ? <TotpEnrolment /> : <MobileOtpSignIn />;
}

/**
 * Mobile authenticator code: with one option it is selected at once, with several the chooser
 * asks; the code (required) goes to MobileOTPVerifier.
 */
function MobileOtpSignIn() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const options = useAtomValue(factorOptionsAtom);
  const [chosen, setChosen] = useState<CredentialOption | null>(() =>
    options.length === 1 ? (options[0] ?? null) : null,
  );
  const { busy, error, setError, run } = useServerCall(options.length === 0 ? messages.errors.default : null);
  const otpRef = useRef<OtpInputHandle>(null);
  useFocusFirst(otpRef, chosen !== null);

  /** A refused code: its message, and empty boxes for the next one. */
  const clearCode = (failure: ApiError) => {
    otpRef.current?.clear();
    return failure.message;
  };

  const verify = async (code: string) => {
    if (!chosen || busy) return;
    const input = { credId: chosen.credId, credValue: chosen.credValue ?? '', otp: code };
    await run((signal) => api.verifyMobileOtp(input, {}, { signal }), routeReply, { onError: clearCode });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (otpRef.current?.validate()) void verify(otpRef.current.value());
  };

  if (!ready) return null;
  return (
    <FactorLayout title={messages.factorLabels.MOBILEOTP} busy={busy} error={error}>
      {chosen ? (
        <form className="portal-factor__form" onSubmit={submit} noValidate>
          <OtpInput
            ref={otpRef}
            label={messages.mobileOtp.codeLabel}
            onComplete={(code) => void verify(code)}
            disabled={busy}
          />
          <div className="portal-factor__actions">
            <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
              {messages.common.submit}
            </button>
            <MoreOptions onError={setError} disabled={busy} />
          </div>
        </form>
      ) : (
        <>
          {options.length > 1 ? (
            <CredentialChooser
              options={options}
              submitLabel={messages.common.continue}
              onChoose={setChosen}
            />
          ) : null}
          <div className="portal-factor__actions">
            <MoreOptions onError={setError} disabled={busy} />
          </div>
        </>
      )}
    </FactorLayout>
  );
}
