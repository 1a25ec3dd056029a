import { api } from '../api/client';
import { messages } from '../messages';
import { useNavigate } from '@portal/shared/router';
import {
  Actions,
  BusyIndicator,
  Button,
  Card,
  ErrorBanner,
  useBusyIndicator,
  useSaying,
} from '@portal/shared/ui';
import { useId, useState } from 'react';
import { serviceErrorText } from '../common/errorText';
import { beginRegistration } from '../register/beginRegistration';
import './passkeyOffer.css';

/**
 * 'Sign in faster next time with a passkey': Create starts the self-service FIDO registration of
 * type passkey (its challenge here, the prompt on /register/passkey); 'Not now' hides the offer.
 */
export function PasskeyOffer({ userName, onDecline }: { userName: string; onDecline: () => void }) {
  const navigate = useNavigate();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const busyShown = useBusyIndicator(busy);
  const [error, setError] = useSaying();

  const create = async () => {
    setBusy(true);
    setError(null);
    const input = {
      type: 'passkey' as const,
      value: messages.passkeyOffer.deviceName,
      credentialId: '',
      userName,
    };
    const result = await beginRegistration(input, api);
    if (result.ok) {
      navigate(result.data.path, { state: result.data.state });
      return;
    }
    setBusy(false);
    const failure = result.error;
    setError(() => (failure.kind === 'malformed' ? failure.message : serviceErrorText(failure)));
  };

  return (
    // A raised card under the greeting (kernel Card: its h2 names the region).
    <div className="portal-passkey-offer" aria-busy={busyShown}>
      <Card title={messages.passkeyOffer.title} titleId={headingId}>
        <p className="portal-passkey-offer__body">{messages.passkeyOffer.body}</p>
        <BusyIndicator shown={busyShown} />
        {error ? <ErrorBanner message={error} /> : null}
        <Actions>
          <Button variant="primary" disabled={busy} onClick={() => void create()}>
            {messages.passkeyOffer.create}
          </Button>
          <Button variant="quiet" disabled={busy} onClick={onDecline}>
            {messages.passkeyOffer.notNow}
          </Button>
        </Actions>
      </Card>
    </div>
  );
}
