import type { CredentialOption } from '@portal/shared/transport';
import { messages } from '../messages';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useFocusFirst } from '@portal/shared/ui';
import { optionLabel } from './optionLabel';

export interface CredentialChooserProps {
  options: readonly CredentialOption[];
  /** 'Send Code' for one-time codes, 'Continue' otherwise. */
  submitLabel: string;
  onChoose: (option: CredentialOption) => void;
  disabled?: boolean;
}

/** The multi-credential chooser of spec section 2: 'Select a way to sign in' and a radio list. */
export function CredentialChooser({
  options,
  submitLabel,
  onChoose,
  disabled = false,
}: CredentialChooserProps) {
  const name = useId();
  const promptId = `${name}-prompt`;
  const [chosen, setChosen] = useState<string | null>(
    () => options.find((option) => option.default)?.credId ?? null,
  );
  const first = useRef<HTMLInputElement>(null);
  useFocusFirst(first);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const option = options.find((candidate) => candidate.credId === chosen);
    if (option) onChoose(option);
  };
  return (
    <form className="portal-factor__chooser" onSubmit={submit} noValidate>
      <fieldset className="portal-factor__options" aria-labelledby={promptId}>
        <legend id={promptId}>{messages.chooser.prompt}</legend>
        {options.map((option, index) => (
          <label key={option.credId}>
            <input
              ref={index === 0 ? first : undefined}
              type="radio"
              name={name}
              value={option.credId}
              checked={chosen === option.credId}
              onChange={() => setChosen(option.credId)}
              disabled={disabled}
            />{' '}
            {optionLabel(option)}
          </label>
        ))}
      </fieldset>
      <div className="portal-factor__actions">
        <button type="submit" className="portal-button portal-button--primary" disabled={disabled || !chosen}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
