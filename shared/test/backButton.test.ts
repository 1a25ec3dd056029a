import { describe, expect, it, vi } from 'vitest';
import { disableBackButton } from '../src/session/lifecycle/backButton';

describe('disableBackButton', () => {
  it('goes forward again on every back, until undone', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const undo = disableBackButton(window);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(go).toHaveBeenCalledExactlyOnceWith(1);
    undo();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(go).toHaveBeenCalledTimes(1);
  });
});
