import { api } from '../api/client';
import { activeLanguage } from '@portal/shared/config';
import { messages } from '../messages';
import {
  Actions,
  Button,
  LiveStatus,
  PageHeading,
  Stack,
  stackClass,
  useBusyIndicator,
  useRunOnMount,
} from '@portal/shared/ui';
import { useCallback } from 'react';
import { useLocation } from '@portal/shared/router';
import { BackToSelfService } from '../common/BackToSelfService';
import { MissingRegistration } from '../common/MissingRegistration';
import {
  type PushRegistrationState,
  PushRegistrationStateSchema,
  readState,
} from '../common/registrationState';
import { ScreenStatus } from '../common/ScreenStatus';
import { useVerify } from '../common/useVerify';
import '../common/selfservice.css';

/** /register/totp_push: registers the vendor credential (VIPCredentialRegistrar) and reports how it went. */
export function RegisterTotpPush() {
  const state = readState(PushRegistrationStateSchema, useLocation().state);
  if (!state) return <MissingRegistration title={messages.registration.pushTitle} />;
  return <PushRegistration state={state} />;
}

function PushRegistration({ state }: { state: PushRegistrationState }) {
  const { busy, error, verify } = useVerify();
  const busyShown = useBusyIndicator(busy);

  const run = useCallback(
    () =>
      verify(
        (signal) =>
          api.registerVipCredential(
            {
              vipCredentialID: state.vipCredentialID,
              credType: 'totp_push',
              credValue: state.credValue,
              language: activeLanguage(),
            },
            { signal },
          ),
        messages.push.registrationFailed,
      ),
    [state, verify],
  );

  useRunOnMount(run);

  return (
    <section className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <Stack gap="normal">
        <BackToSelfService />
        <PageHeading>{messages.registration.pushTitle}</PageHeading>
      </Stack>
      {/* The status line says what the registration waits for. */}
      <ScreenStatus shown={busyShown} busyText={null} error={error} />
      <LiveStatus lines={busy ? [messages.registration.pushRegistering] : []} />
      {error ? (
        <Actions>
          <Button variant="primary" onClick={() => void run()}>
            {messages.shell.retry}
          </Button>
        </Actions>
      ) : null}
    </section>
  );
}
