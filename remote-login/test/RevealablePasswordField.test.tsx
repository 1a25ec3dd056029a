import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevealablePasswordField } from '../src/changePassword/RevealablePasswordField';

describe('the change-password field', () => {
  it("names its reveal control by its visible word and the field's label, and says how to use it", () => {
    render(
      <RevealablePasswordField
        id="portal-password-next"
        label="New password"
        value=""
        autoComplete="new-password"
        onChange={() => {}}
        onBlur={() => {}}
      />,
    );
    // WCAG 2.5.3: the visible word ('Show') is in the name, whatever the language says around it.
    const reveal = screen.getByRole('button', { name: 'Show New password' });
    expect(reveal.textContent).toBe('Show');
    const description = document.getElementById(reveal.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Hold to show password');
  });
});
