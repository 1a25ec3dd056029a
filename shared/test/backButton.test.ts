import { describe, expect, it, vi } from 'vitest';
import { disableBackButton } from '../src/session/lifecycle/backButton';

describe('disableBackButton', () => {
  it('pushes the current address again on every back, until undone', () => {
    const push = vi.spyOn(window.history, 'pushState');
    const undo = disableBackButton(window);
    expect(push).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(push).toHaveBeenCalledTimes(2);
    undo();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(push).toHaveBeenCalledTimes(2);
  });
});
