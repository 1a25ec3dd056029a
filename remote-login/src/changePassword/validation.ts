import { messages } from '@portal/shared/words';

/** The three fields of the change-password form. */
export type PasswordField = 'current' | 'next' | 'confirm';
export type PasswordValues = Record<PasswordField, string>;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

/** Spec section 5, 'Change password': each field required, new ≠ current, confirm = new. */
const RULES: Readonly<Record<PasswordField, (values: PasswordValues) => string | null>> = {
  current: (values) => (values.current ? null : messages.changePassword.fieldRequired),
  next: (values) => {
    if (!values.next) return messages.changePassword.fieldRequired;
    return values.current && values.next === values.current ? messages.changePassword.mustDiffer : null;
  },
  confirm: (values) => {
    if (!values.confirm) return messages.changePassword.fieldRequired;
    return values.confirm !== values.next ? messages.changePassword.mustMatch : null;
  },
};

export function validateField(field: PasswordField, values: PasswordValues): string | null {
  return RULES[field](values);
}

export function validateAll(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const field of Object.keys(RULES) as PasswordField[]) {
    const message = validateField(field, values);
    if (message) errors[field] = message;
  }
  return errors;
}
