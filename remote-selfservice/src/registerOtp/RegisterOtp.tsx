import { api } from '../api/client';
import { messages } from '../messages';
import { Actions, Button, PageHeading, Stack, stackClass, useBusyIndicator } from '@portal/shared/ui';
import { OtpInput, type OtpInputHandle } from '@portal/shared/ui/codes';
import { useRef } from 'react';
import { useLocation } from '@portal/shared/router';
import { BackToSelfService } from '../common/BackToSelfService';
import { MissingRegistration } from '../common/MissingRegistration';
import {
  type OtpRegistrationState,
  OtpRegistrationStateSchema,
  readState,
} from '../common/registrationState';
import { ScreenStatus } from '../common/ScreenStatus';
import { useVerify } from '../common/useVerify';
import '../common/selfservice.css';

/** /register/sms and /register/email: the code sent to the new value, in the six boxes. */
export function RegisterOtp() {
  const state = readState(OtpRegistrationStateSchema, useLocation().state);
  if (!state) return <MissingRegistration title={messages.registration.verifyTitle} />;
  return <OtpVerification state={state} />;
}

function OtpVerification({ state }: { state: OtpRegistrationState }) {
  const { busy, error, verify } = useVerify();
  const busyShown = useBusyIndicator(busy);
  const boxes = useRef<OtpInputHandle>(null);
  const submit = async (code: string) => {
    const ok = await verify((signal) => api.verifyOtp(state.credId, code, { signal }));
    if (!ok) boxes.current?.clear();
  };
  return (
    <section className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <Stack gap="normal">
        <BackToSelfService />
        <PageHeading lead={messages.otp.enterSecurityCode({ value: state.credValue })}>
          {messages.registration.verifyTitle}
        </PageHeading>
      </Stack>
      <ScreenStatus shown={busyShown} error={error} />
      <form
        className={stackClass('normal')}
        onSubmit={(event) => {
          event.preventDefault();
          if (boxes.current?.validate()) void submit(boxes.current.value());
        }}
      >
        <OtpInput ref={boxes} autoFocus disabled={busy} onComplete={(code) => void submit(code)} />
        <Actions>
          <Button type="submit" variant="primary" disabled={busy}>
            {messages.common.submit}
          </Button>
        </Actions>
      </form>
    </section>
  );
}
