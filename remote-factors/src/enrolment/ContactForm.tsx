import { useFocusFirst } from '@portal/shared/ui';
import { messages } from '../messages';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { CONTACT_FIELDS, type ContactChannel } from './contactValue';
import { TextField } from './TextField';

export interface ContactFormProps {
  channel: ContactChannel;
  /** Kept by the screen, so going back from the code to the form keeps what was typed. */
  value: string;
  onValue: (value: string) => void;
  /** A valid value (trimmed): register it. */
  onSubmit: (value: string) => void;
  busy: boolean;
  /** More actions beside the submit button ('More Options'). */
  actions?: ReactNode;
}

/**
 * Enrolment of a phone number (sms, voice call) or e-mail address during sign-in: the value
 * with its rule of spec section 5, the legal notice for sms and e-mail, and 'Send Code'. The
 * rule is checked on submit and then as the user corrects the value; not on leaving the field,
 * where the message appearing would move 'Send Code' away from the pointer pressing it.
 */
export function ContactForm({ channel, value, onValue, onSubmit, busy, actions }: ContactFormProps) {
  const field = CONTACT_FIELDS[channel];
  const [checked, setChecked] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFocusFirst(input);
  const problem = field.check(value) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (problem) {
      input.current?.focus();
      return;
    }
    onSubmit(value.trim());
  };

  return (
    <form className="portal-factor__form portal-enrolment" onSubmit={submit} noValidate>
      <p className="portal-factor__status">{messages.enrolment.intro[channel]}</p>
      <TextField
        inputRef={input}
        label={field.label}
        hint={field.hint}
        type={field.inputType}
        autoComplete={field.autoComplete}
        value={value}
        onChange={onValue}
        error={checked ? problem : null}
      />
      {field.legalNotice ? (
        <p className="portal-enrolment__hint">
          {messages.registration.ratesNotice} {messages.registration.frequencyNotice}
        </p>
      ) : null}
      <div className="portal-factor__actions">
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {messages.common.sendCode}
        </button>
        {actions}
      </div>
    </form>
  );
}
