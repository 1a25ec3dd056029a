import { describe, expect, it } from 'vitest';
import { emailAddressError, phoneNumberError } from '../src/ui/codes/contactValue';

describe('phone number (spec section 5: at least 11 characters, country code first)', () => {
  it.each(['+15550100999', '+44 20 7946 0999', '15550100999', '+1 (555) 010-0999', ' +33.1.23.45.67.89 '])(
    'accepts %s',
    (value) => expect(phoneNumberError(value)).toBeUndefined(),
  );
  it.each(['+155501009', '5550100', 'phone number', '+1 555 CALL NOW', '++15550100999', '-15550100999'])(
    'refuses %s',
    (value) =>
      expect(phoneNumberError(value)).toBe(
        'Enter the phone number with its country code (at least 11 characters).',
      ),
  );
  it('asks for a value when empty', () => {
    expect(phoneNumberError('  ')).toBe('A value is required.');
  });
});

describe('e-mail address', () => {
  it.each(['a@b.co', ' ed.new@example.org '])('accepts %s', (value) =>
    expect(emailAddressError(value)).toBeUndefined(),
  );
  it.each(['nope', 'a@b', 'a b@c.de', '@example.com'])('refuses %s', (value) =>
    expect(emailAddressError(value)).toBe('Enter a valid e-mail address.'),
  );
  it('asks for a value when empty', () => {
    expect(emailAddressError('')).toBe('A value is required.');
  });
});
