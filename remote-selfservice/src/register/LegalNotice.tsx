import { messages } from '@portal/shared/words';
import type { RegistrationType } from '@portal/shared/router';

const withNotice: readonly RegistrationType[] = ['sms', 'email'];

/** The message-rate and frequency notice that goes with the sms and e-mail types. */
export function LegalNotice({ type }: { type: RegistrationType }) {
  if (!withNotice.includes(type)) return null;
  return (
    <p className="portal-selfservice__hint">
      {messages.registration.ratesNotice} {messages.registration.frequencyNotice}
    </p>
  );
}
