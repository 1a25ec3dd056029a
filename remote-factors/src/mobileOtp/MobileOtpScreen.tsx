import { factorApi as api } from '../api/client';
import type { ApiError, CredentialOption } from '@portal/shared/transport';
import { Actions, useLocalisedServerCall } from '@portal/shared/ui';
import { messages } from '../messages';
import { factorOptionsAtom } from '@portal/shared/session';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { CredentialChooser } from '../chooser/CredentialChooser';
import { CodeEntry, type CodeEntryHandle } from '../common/CodeEntry';
import { FactorLayout } from '../common/FactorLayout';
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
  const { busy, error, setError, run } = useLocalisedServerCall(
    options.length === 0 ? () => messages.errors.default : null,
  );
  const codeRef = useRef<CodeEntryHandle>(null);

  /** A refused code: its message, and empty boxes for the next one. */
  const clearCode = (failure: ApiError) => {
    codeRef.current?.clear();
    return () => failure.message;
  };

  const verify = async (code: string) => {
    if (!chosen || busy) return;
    const input = { credId: chosen.credId, credValue: chosen.credValue ?? '', otp: code };
    await run((signal) => api.verifyMobileOtp(input, { signal }), routeReply, { onError: clearCode });
  };

  if (!ready) return null;
  return (
    <FactorLayout title={messages.factorLabels.MOBILEOTP} busy={busy} error={error}>
      {chosen ? (
        <CodeEntry
          ref={codeRef}
          busy={busy}
          label={messages.mobileOtp.codeLabel}
          onCode={(code) => void verify(code)}
          onMoreOptionsError={setError}
        />
      ) : options.length > 1 ? (
        <CredentialChooser
          options={options}
          submitLabel={messages.common.continue}
          onChoose={setChosen}
          actions={<MoreOptions onError={setError} disabled={busy} />}
        />
      ) : (
        <Actions>
          <MoreOptions variant="secondary" onError={setError} disabled={busy} />
        </Actions>
      )}
    </FactorLayout>
  );
}
