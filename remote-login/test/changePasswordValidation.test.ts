import { describe, expect, it } from 'vitest';
import { validateAll, validateField } from '../src/changePassword/validation';

describe('change-password validation (spec section 5)', () => {
  it('each field is required', () => {
    expect(validateAll({ current: '', next: '', confirm: '' })).toEqual({
      current: '* Field is required.',
      next: '* Field is required.',
      confirm: '* Field is required.',
    });
  });

  it('the new password must differ from the current one', () => {
    expect(validateField('next', { current: 'a', next: 'a', confirm: '' })).toBe(
      '* New and old passwords cannot match.',
    );
  });

  it('the confirmation must match', () => {
    expect(validateField('confirm', { current: 'a', next: 'b', confirm: 'c' })).toBe(
      '* Confirmed password does not match.',
    );
    expect(validateAll({ current: 'a', next: 'b', confirm: 'b' })).toEqual({});
  });
});
