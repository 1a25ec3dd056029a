import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingBar } from '../src/ui/LoadingBar';

describe('LoadingBar', () => {
  it('is an indeterminate progress bar with an accessible name', () => {
    render(<LoadingBar />);
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar.hasAttribute('value')).toBe(false);
  });
});
