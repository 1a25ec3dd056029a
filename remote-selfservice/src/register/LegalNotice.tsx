import { messages } from '../messages';
import type { RegistrationType } from '../paths';

const withNotice: readonly RegistrationType[] = ['sms', 'email'];

/**
 * The message-rate and frequency notice that goes with the sms and e-mail types: a paragraph under
 * the fields, or a line of a choice card's description (`inline`, phrasing content in a label).
 */
export function LegalNotice({ type, inline = false }: { type: RegistrationType; inline?: boolean }) {
  if (!withNotice.includes(type)) return null;
  const words = `${messages.registration.ratesNotice} ${messages.registration.frequencyNotice}`;
  return inline ? (
    <span className="portal-register__line">{words}</span>
  ) : (
    <p className="portal-selfservice__hint">{words}</p>
  );
}
