import { api } from '../api/client';
import { messages } from '../messages';
import { useNavigate } from '@portal/shared/router';
import { BusyIndicator, ErrorBanner, useBusyIndicator, useSaying } from '@portal/shared/ui';
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
    <section className="portal-passkey-offer" aria-labelledby={headingId} aria-busy={busyShown}>
      <h2 id={headingId}>{messages.passkeyOffer.title}</h2>
      <p>{messages.passkeyOffer.body}</p>
      <BusyIndicator shown={busyShown} />
      {error ? <ErrorBanner message={error} /> : null}
      <div className="portal-selfservice__actions">
        <button
          type="button"
          className="portal-button portal-button--primary"
          disabled={busy}
          onClick={() => void create()}
        >
          {messages.passkeyOffer.create}
        </button>
        <button type="button" className="portal-button" disabled={busy} onClick={onDecline}>
          {messages.passkeyOffer.notNow}
        </button>
      </div>
    </section>
  );
}
