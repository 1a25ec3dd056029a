import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { StrictMode, useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../src/api/result';
import { type Call, useRunOnMount, useServerCall } from '../src/hooks/useServerCall';
import { paths } from '../src/routes/paths';
import { errorMessageAtom } from '../src/session/atoms';

/** A call the test answers by hand; it records the signal it was given. */
function manualCall() {
  const signals: AbortSignal[] = [];
  const answers: ((result: ApiResult<string>) => void)[] = [];
  const call: Call<string> = (signal) => {
    signals.push(signal);
    return new Promise((resolve) => {
      answers.push(resolve);
      // What the API client does for a cancelled call.
      signal.addEventListener('abort', () => resolve({ ok: false, error: { kind: 'aborted', message: '' } }));
    });
  };
  return { call: vi.fn(call), signals, answers };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

interface ScreenProps {
  call: Call<string>;
  onReply: (data: string) => void;
  onMount?: boolean;
}

/** A screen with one button that makes the call, and optionally the same call on mount. */
function Screen({ call, onReply, onMount = false }: ScreenProps) {
  const { busy, error, run } = useServerCall();
  useRunOnMount(() => run(call, onReply), onMount);
  return (
    <>
      <button type="button" onClick={() => void run(call, onReply)}>
        go
      </button>
      <span data-testid="busy">{String(busy)}</span>
      <span data-testid="error">{error ?? ''}</span>
    </>
  );
}

function Toggle(props: ScreenProps) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(false)}>
        leave
      </button>
      {shown ? <Screen {...props} /> : null}
    </>
  );
}

function renderScreen(props: ScreenProps) {
  const store = createStore();
  render(
    <StrictMode>
      <Provider store={store}>
        <MemoryRouter initialEntries={['/screen']}>
          <Where />
          <Routes>
            <Route path="/screen" element={<Toggle {...props} />} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
  return store;
}

const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
const text = (id: string) => screen.getByTestId(id).textContent;

describe('useServerCall', () => {
  it('under StrictMode, the call on mount is made once and its reply handled', async () => {
    const { call, answers } = manualCall();
    const onReply = vi.fn();
    renderScreen({ call, onReply, onMount: true });
    await act(async () => {});
    expect(call).toHaveBeenCalledTimes(1);
    expect(text('busy')).toBe('true');
    await act(async () => answers[0]?.({ ok: true, data: 'reply', status: 200 }));
    expect(onReply).toHaveBeenCalledWith('reply');
    expect(text('busy')).toBe('false');
  });

  it('leaving the screen aborts its call, and the late reply is ignored', async () => {
    const { call, signals } = manualCall();
    const onReply = vi.fn();
    const store = renderScreen({ call, onReply, onMount: true });
    await act(async () => {});
    await click('leave');
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => {});
    expect(onReply).not.toHaveBeenCalled();
    expect(store.get(errorMessageAtom)).toBeNull();
    expect(text('where')).toBe('/screen');
  });

  it('a null reply is routed the way every screen routes it', async () => {
    const { call, answers } = manualCall();
    const onReply = vi.fn();
    const store = renderScreen({ call, onReply });
    await click('go');
    await act(async () =>
      answers[0]?.({ ok: false, error: { kind: 'null', message: 'Server error, response is null' } }),
    );
    expect(onReply).not.toHaveBeenCalled();
    expect(text('where')).toBe(paths.notFound);
    expect(store.get(errorMessageAtom)).toBe('Server error, response is null');
  });

  it('a failure shows its message and ends busy', async () => {
    const { call, answers } = manualCall();
    renderScreen({ call, onReply: vi.fn() });
    await click('go');
    expect(text('busy')).toBe('true');
    await act(async () =>
      answers[0]?.({ ok: false, error: { kind: 'http', message: 'Wrong code', status: 400 } }),
    );
    expect(text('error')).toBe('Wrong code');
    expect(text('busy')).toBe('false');
  });

  it('a second call aborts the first, whose reply is then ignored', async () => {
    const { call, signals, answers } = manualCall();
    const onReply = vi.fn();
    renderScreen({ call, onReply });
    await click('go');
    await click('go');
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    await act(async () => answers[0]?.({ ok: true, data: 'old', status: 200 }));
    expect(text('busy')).toBe('true');
    await act(async () => answers[1]?.({ ok: true, data: 'new', status: 200 }));
    expect(onReply).toHaveBeenCalledTimes(1);
    expect(onReply).toHaveBeenCalledWith('new');
    expect(text('busy')).toBe('false');
  });
});
