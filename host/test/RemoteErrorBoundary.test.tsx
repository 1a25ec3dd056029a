import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { RemoteErrorBoundary } from '../src/federation/RemoteErrorBoundary';

function Exploding(): never {
  throw new Error('render failure');
}

describe('RemoteErrorBoundary', () => {
  it('shows the spec banner and a Retry when a remote screen throws while rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onRetry = vi.fn();
    const onError = vi.fn();
    render(
      <Provider store={createStore()}>
        <RemoteErrorBoundary remote="remote_help" visit="default#0" onRetry={onRetry} onError={onError}>
          <Exploding />
        </RemoteErrorBoundary>
      </Provider>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Unable to handle the request. Please try again later.',
    );
    expect(onError).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders its children when nothing fails', () => {
    render(
      <RemoteErrorBoundary remote="remote_help" visit="default#0" onRetry={() => {}} onError={() => {}}>
        <p>screen</p>
      </RemoteErrorBoundary>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
  });
});
