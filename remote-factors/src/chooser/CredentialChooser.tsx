import type { FactorIconName } from '@portal/contributions/schema';
import type { CredentialOption } from '@portal/shared/transport';
import { messages } from '../messages';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Actions, Button, stackClass, useFocusFirst } from '@portal/shared/ui';
import { ChoiceList } from '@portal/shared/ui/choices';
import { optionLabel } from './optionLabel';

export interface CredentialChooserProps {
  options: readonly CredentialOption[];
  /** 'Send Code' for one-time codes, 'Continue' otherwise. */
  submitLabel: string;
  onChoose: (option: CredentialOption) => void;
  disabled?: boolean;
  /** More buttons after the submit button ('More Options'). */
  actions?: ReactNode;
}

/** The drawing of a credential type's card. */
const ICONS: Readonly<Record<string, FactorIconName>> = {
  sms: 'message',
  email: 'email',
  ivr: 'phone',
  totp: 'authenticator',
  totp_push: 'push',
  fido: 'biometric',
  securitykey: 'security-key',
  passkey: 'passkey',
};

function iconOf(option: CredentialOption): FactorIconName {
  const type = option.credType?.toLowerCase() ?? '';
  return Object.hasOwn(ICONS, type) ? (ICONS[type] ?? 'shield') : 'shield';
}

/**
 * The multi-credential chooser of spec section 2: 'Select a way to sign in' and a list of choice
 * cards (radios), one per credential, named '{value} ({type})'; then its button.
 */
export function CredentialChooser({
  options,
  submitLabel,
  onChoose,
  disabled = false,
  actions,
}: CredentialChooserProps) {
  const name = useId();
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
    <form className={stackClass('normal')} onSubmit={submit} noValidate>
      <ChoiceList
        legend={messages.chooser.prompt}
        name={name}
        value={chosen}
        onChange={setChosen}
        disabled={disabled}
        firstRef={first}
        groups={[
          {
            key: 'credentials',
            choices: options.map((option) => ({
              value: option.credId,
              title: optionLabel(option),
              icon: iconOf(option),
            })),
          },
        ]}
      />
      <Actions>
        <Button type="submit" variant="primary" disabled={disabled || !chosen}>
          {submitLabel}
        </Button>
        {actions}
      </Actions>
    </form>
  );
}
