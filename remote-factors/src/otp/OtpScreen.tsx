import { api } from '@portal/shared/api/client';
import type { AuthReply, CredentialOption } from '@portal/shared/api/schemas';
import { boundedText } from '@portal/shared/display/boundedText';
import { useRunOnMount, useServerCall } from '@portal/shared/hooks/useServerCall';
import { messages } from '@portal/shared/messages/en_US';
import { factorOptionsAtom, flowStateAtom } from '@portal/shared/session/atoms';
import { OtpInput, type OtpInputHandle } from '@portal/shared/ui/OtpInput';
import { useAtomValue, useStore } from 'jotai';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { CredentialChooser } from '../chooser/CredentialChooser';
import { optionValue } from '../chooser/optionLabel';
import { FactorLayout } from '../common/FactorLayout';
import { useFocusFirst } from '@portal/shared/hooks/useFocusFirst';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { MoreOptions } from '../moreOptions/MoreOptions';
import { expectedOtpAction, otpChannelFor } from './otpChannel';

interface Sent {
  option: CredentialOption;
  credType: string;
  /** Where the code went, as the server names it. */
  sentTo: string;
  /** The flow state the code was generated in; Resend restores it. */
  cachedFlowState: string | null;
}

/**
 * SMS, e-mail and voice-call codes (/sotp, /eotp, /votp): choose a credential when there are
 * several, generate a code, enter it in six boxes (auto-submit when complete), Resend.
 */
export function OtpScreen() {
  const ready = useRequireUser();
  const store = useStore();
  const routeReply = useRouteReply();
  const channel = otpChannelFor(useLocation().pathname);
  const options = useAtomValue(factorOptionsAtom);
  const [sent, setSent] = useState<Sent | null>(null);
  const { busy, error, setError, run } = useServerCall();
  const otpRef = useRef<OtpInputHandle>(null);
  useFocusFirst(otpRef, sent !== null);

  const generate = useCallback(
    async (option: CredentialOption, cachedFlowState: string | null) => {
      const credType = option.credType || channel.credType;
      if (cachedFlowState) store.set(flowStateAtom, cachedFlowState);
      const generated = (reply: AuthReply) => {
        const action = reply.nextaction ?? '';
        if (action !== expectedOtpAction(credType)) {
          setError(messages.otp.invalidAction(boundedText(action)));
          return;
        }
        if (reply.flowState) store.set(flowStateAtom, reply.flowState);
        // Shown in 'Enter security code sent to …': the server's string, bounded.
        const sentTo = boundedText(reply.credentials?.[0]?.credValue || optionValue(option));
        setSent({ option, credType, sentTo, cachedFlowState: cachedFlowState ?? store.get(flowStateAtom) });
        otpRef.current?.clear();
      };
      await run((signal) => api.generateOtp(option.credId, credType, { signal }), generated);
    },
    [store, channel.credType, run, setError],
  );

  useRunOnMount(() => {
    const only = options.length === 1 ? options[0] : undefined;
    if (only) void generate(only, store.get(flowStateAtom));
  }, ready);

  const verify = async (code: string) => {
    if (!sent || busy) return;
    const credId = sent.option.credId;
    await run((signal) => api.verifyOtp(credId, code, {}, { signal }), routeReply, {
      onError: (failure) => {
        otpRef.current?.clear();
        return failure.message;
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (otpRef.current?.validate()) void verify(otpRef.current.value());
  };

  if (!ready) return null;
  return (
    <FactorLayout title={channel.title} busy={busy} error={error}>
      {sent ? (
        <form className="portal-factor__form" onSubmit={submit} noValidate>
          <p className="portal-factor__status" aria-live="polite">
            {messages.otp.enterSecurityCode(sent.sentTo)}
          </p>
          <OtpInput ref={otpRef} onComplete={(code) => void verify(code)} disabled={busy} />
          <div className="portal-factor__actions">
            <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
              {messages.common.submit}
            </button>
            <button
              type="button"
              className="portal-button"
              disabled={busy}
              onClick={() => void generate(sent.option, sent.cachedFlowState)}
            >
              {messages.common.resend}
            </button>
            <MoreOptions onError={setError} disabled={busy} />
          </div>
        </form>
      ) : (
        <>
          {options.length > 1 ? (
            <CredentialChooser
              options={options}
              submitLabel={messages.common.sendCode}
              disabled={busy}
              onChoose={(option) => void generate(option, store.get(flowStateAtom))}
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
