import { useApplyNextAction } from '@portal/shared/flow';
import { messages } from '../messages';
import { type FormEvent, useRef, useState } from 'react';
import { LoginLayout } from '../common/LoginLayout';
import { Actions, Button, stackClass, useFocusFirst, useSaying } from '@portal/shared/ui';
import { RevealablePasswordField } from './RevealablePasswordField';
import { type PasswordField, type PasswordValues, validateAll, validateField } from './validation';
import { loginApi } from '../api/loginCalls';

const FIELDS: readonly { field: PasswordField; autoComplete: string }[] = [
  { field: 'current', autoComplete: 'current-password' },
  { field: 'next', autoComplete: 'new-password' },
  { field: 'confirm', autoComplete: 'new-password' },
];

/**
 * A field's label, read at render (not copied into FIELDS when the module loads): a new language
 * renders the page again in its words.
 */
function fieldLabel(field: PasswordField): string {
  const text = messages.changePassword;
  if (field === 'current') return text.current;
  return field === 'next' ? text.new : text.confirm;
}

/** /changePassword: 'Update Password Required' (spec sections 2, 4 and 5). */
export function ChangePasswordPage() {
  const applyNextAction = useApplyNextAction();
  const [values, setValues] = useState<PasswordValues>({ current: '', next: '', confirm: '' });
  // Each field's check is kept as the values it was made on, and its message read at render, so a
  // language switch shows it in the new words.
  const [checkedOn, setCheckedOn] = useState<Partial<Record<PasswordField, PasswordValues>>>({});
  const errorOf = (field: PasswordField): string | undefined => {
    const checked = checkedOn[field];
    return (checked && validateField(field, checked)) || undefined;
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useSaying();
  const firstRef = useRef<HTMLInputElement>(null);
  useFocusFirst(firstRef);

  const onBlur = (field: PasswordField) => {
    setCheckedOn((previous) => ({ ...previous, [field]: values }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAll(values);
    setCheckedOn({ current: values, next: values, confirm: values });
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    setError(null);
    const result = await loginApi().updatePassword(values.current, values.next);
    setBusy(false);
    if (result.ok && result.data.data?.passwordUpdated === true) {
      await applyNextAction(result.data);
      return;
    }
    setError(() => messages.changePassword.failed);
  };

  return (
    <LoginLayout title={messages.changePassword.title} busy={busy} error={error}>
      <form
        className={stackClass('normal', 'portal-login__form')}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        {FIELDS.map(({ field, autoComplete }, index) => (
          <RevealablePasswordField
            key={field}
            id={`portal-password-${field}`}
            label={fieldLabel(field)}
            value={values[field]}
            error={errorOf(field)}
            autoComplete={autoComplete}
            disabled={busy}
            inputRef={index === 0 ? firstRef : undefined}
            onChange={(value) => setValues((previous) => ({ ...previous, [field]: value }))}
            onBlur={() => onBlur(field)}
          />
        ))}
        <Actions>
          <Button type="submit" variant="primary" disabled={busy}>
            {messages.common.submit}
          </Button>
        </Actions>
      </form>
    </LoginLayout>
  );
}
