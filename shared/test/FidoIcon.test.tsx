import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FidoIcon } from '../src/ui/choices/FidoIcon';

describe('FidoIcon', () => {
  it('draws a fingerprint for biometrics and a key for security keys, hidden from screen readers', () => {
    const biometric = render(<FidoIcon icon="biometric" />).container.querySelector('svg');
    const key = render(
      <FidoIcon icon="securityKey" className="portal-factor__icon" />,
    ).container.querySelector('svg');
    expect(biometric?.getAttribute('aria-hidden')).toBe('true');
    expect(biometric?.querySelector('path')).toBeTruthy();
    expect(biometric?.querySelector('rect')).toBeNull();
    expect(key?.querySelectorAll('rect')).toHaveLength(2);
    expect(key?.getAttribute('class')).toBe('portal-factor__icon');
  });
});
