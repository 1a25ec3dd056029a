import { factorApi as api } from '../api/client';
import type { AuthReply, CredentialOption } from '@portal/shared/transport';
import type { RegistrationResult } from '../api/schemas';
import { Actions, boundedText, Button, useRunOnMount, useLocalisedServerCall } from '@portal/shared/ui';
import { activeLanguage } from '@portal/shared/config';
import { messages } from '../messages';
import { factorOptionsAtom, flowStateAtom } from '@portal/shared/session';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { CredentialChooser } from '../chooser/CredentialChooser';
import { optionValue } from '../chooser/optionLabel';
import { CodeEntry, type CodeEntryHandle } from '../common/CodeEntry';
import { ResendNotice } from '../common/ResendNotice';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { ContactForm } from '../enrolment/ContactForm';
import { isContactChannel } from '../enrolment/contactValue';
import { isEnrolmentStep } from '../enrolment/enrolmentStep';
import { useOpeningReply } from '../enrolment/useOpeningReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { expectedOtpAction, otpChannelFor } from './otpChannel';
import { useWebOtp } from './useWebOtp';

interface Sent {
  option: CredentialOption;
  credType: string;
  /** Where the code went, as the server names it. */
  sentTo: string;
  /** The flow state the code was generated in; Resend restores it. */
  cachedFlowState: string | null;
  /** How many times Resend has sent a new code (0: the first code): each one is confirmed. */
  resent: number;
}

/**
 * SMS, e-mail and voice-call codes (/sotp, /eotp, /votp): choose a credential when there are
 * several, generate a code, enter it in six boxes (auto-submit when complete), Resend.
 * Enrolment (an *_OTP_REGISTER step): the phone number or address is registered first
 * (OTPRegistrar in the sign-in flow), then its first code is entered the same way.
 */
export function OtpScreen() {
  const ready = useRequireUser();
  const store = useStore();
  const routeReply = useRouteReply();
  const channel = otpChannelFor(useLocation().pathname);
  const options = useAtomValue(factorOptionsAtom);
  const enrolling = isEnrolmentStep(useOpeningReply());
  /** The phone number or address being enrolled: kept when the user goes back to change it. */
  const [contact, setContact] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const { busy, error, setError, run } = useLocalisedServerCall();
  const codeRef = useRef<CodeEntryHandle>(null);
  // Only a text message can answer the WebOTP API: e-mail and voice codes are typed.
  const stopWebOtp = useWebOtp(sent?.credType === 'sms' ? sent : null, (code) => codeRef.current?.fill(code));

  const generate = useCallback(
    async (option: CredentialOption, cachedFlowState: string | null, resent = 0) => {
      const credType = option.credType || channel.credType;
      if (cachedFlowState) store.set(flowStateAtom, cachedFlowState);
      const generated = (reply: AuthReply) => {
        const action = reply.nextaction ?? '';
        if (action !== expectedOtpAction(credType)) {
          const shown = boundedText(action);
          setError(() => messages.otp.invalidAction({ action: shown }));
          return;
        }
        if (reply.flowState) store.set(flowStateAtom, reply.flowState);
        // Shown in 'Enter security code sent to …': the server's string, bounded.
        const sentTo = boundedText(reply.credentials?.[0]?.credValue || optionValue(option));
        setSent({
          option,
          credType,
          sentTo,
          cachedFlowState: cachedFlowState ?? store.get(flowStateAtom),
          resent,
        });
        codeRef.current?.clear();
      };
      await run((signal) => api.generateOtp(option.credId, credType, { signal }), generated);
    },
    [store, channel.credType, run, setError],
  );

  useRunOnMount(() => {
    const only = options.length === 1 ? options[0] : undefined;
    if (only && !enrolling) void generate(only, store.get(flowStateAtom));
  }, ready);

  /** Enrolment: register the value (pending until its first code), then send that code. */
  const enrol = async (credValue: string) => {
    const credType = channel.credType;
    const registered = async (result: RegistrationResult) => {
      if (!result.credId) {
        setError(() => messages.registration.unableToRegister);
        return;
      }
      const option = { credId: result.credId, credType, credValue: result.credValue || credValue };
      await generate(option, store.get(flowStateAtom));
    };
    await run(
      (signal) => api.enrolOtp({ credType, credValue, language: activeLanguage() }, { signal }),
      registered,
    );
  };

  const verify = async (code: string) => {
    if (!sent || busy) return;
    stopWebOtp();
    const credId = sent.option.credId;
    await run((signal) => api.verifyOtp(credId, code, { signal }), routeReply, {
      onError: (failure) => {
        codeRef.current?.clear();
        return () => failure.message;
      },
    });
  };

  if (!ready) return null;
  const enrolChannel = isContactChannel(channel.credType) ? channel.credType : 'sms';
  const title = enrolling ? messages.enrolment.titles[enrolChannel] : channel.title;
  return (
    <FactorLayout
      title={title}
      // Before the value is registered, what the step is for, under the heading.
      lead={enrolling && !sent ? messages.enrolment.intro[enrolChannel] : undefined}
      busy={busy}
      error={error}
    >
      {sent ? (
        <CodeEntry
          ref={codeRef}
          busy={busy}
          onCode={(code) => void verify(code)}
          onMoreOptionsError={setError}
          actions={
            <>
              <Button
                disabled={busy}
                onClick={() => void generate(sent.option, sent.cachedFlowState, sent.resent + 1)}
              >
                {messages.common.resend}
              </Button>
              {enrolling ? (
                <Button variant="quiet" disabled={busy} onClick={() => setSent(null)}>
                  {messages.enrolment.changeValue[enrolChannel]}
                </Button>
              ) : null}
            </>
          }
        >
          <p className="portal-factor__status" aria-live="polite">
            {messages.otp.enterSecurityCode({ value: sent.sentTo })}
          </p>
          {/* The prompt's words do not change on Resend, so it would say nothing: the new code is
              confirmed here, shown and announced (a status region in the page from the start,
              keyed by the resend, so a second Resend is announced again). */}
          <ResendNotice
            key={sent.resent}
            message={sent.resent > 0 ? messages.otp.codeResent({ value: sent.sentTo }) : null}
          />
        </CodeEntry>
      ) : enrolling ? (
        <ContactForm
          channel={enrolChannel}
          value={contact}
          onValue={setContact}
          onSubmit={(value) => void enrol(value)}
          busy={busy}
          actions={<MoreOptions onError={setError} disabled={busy} />}
        />
      ) : options.length > 1 ? (
        <CredentialChooser
          options={options}
          submitLabel={messages.common.sendCode}
          disabled={busy}
          onChoose={(option) => void generate(option, store.get(flowStateAtom))}
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
