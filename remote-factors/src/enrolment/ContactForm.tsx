import { Actions, Button, stackClass, TextField, useFocusFirst } from '@portal/shared/ui';
import { messages } from '../messages';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { CONTACT_FIELDS, type ContactChannel } from './contactValue';
import './enrolment.css';

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
 * where the message appearing would move 'Send Code' away from the pointer pressing it. What the
 * step is for is the screen's lead line (enrolment.intro), under its heading.
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
    <form className={stackClass('normal')} onSubmit={submit} noValidate>
      <TextField
        ref={input}
        label={field.label}
        hint={field.hint}
        type={field.inputType}
        autoComplete={field.autoComplete}
        // A phone number or an e-mail address stays left to right on a right-to-left page.
        dir="ltr"
        required
        value={value}
        onChange={(event) => onValue(event.target.value)}
        error={checked ? problem : null}
      />
      {field.legalNotice ? (
        <p className="portal-enrolment__note">
          {messages.registration.ratesNotice} {messages.registration.frequencyNotice}
        </p>
      ) : null}
      <Actions>
        <Button type="submit" variant="primary" disabled={busy}>
          {messages.common.sendCode}
        </Button>
        {actions}
      </Actions>
    </form>
  );
}
