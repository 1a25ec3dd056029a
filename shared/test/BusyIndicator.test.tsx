import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../src/api/result';
import { BUSY_INDICATOR_DELAY_MS } from '../src/constants';
import { BusyFrameContext, useBusyFrame, useBusyIndicator } from '../src/hooks/useBusyIndicator';
import { type Call, useServerCall } from '../src/hooks/useServerCall';
import { BusyIndicator } from '../src/ui/BusyIndicator';

/** A screen frame as the remotes' layouts make it: aria-busy and the indicator from one `shown`. */
function Frame({ busy, text, children }: { busy: boolean; text?: string | null; children?: ReactNode }) {
  const frame = useBusyFrame(busy);
  return (
    <BusyFrameContext value={frame.report}>
      <section aria-busy={frame.shown} aria-label="screen">
        <BusyIndicator shown={frame.shown} text={text} />
        {children}
      </section>
    </BusyFrameContext>
  );
}

/** A call the test answers by hand (or never). */
function manualCall() {
  const answers: ((result: ApiResult<string>) => void)[] = [];
  const call: Call<string> = () => new Promise((resolve) => answers.push(resolve));
  return { call, answers };
}

/** A part of a screen with its own call (a 'More Options' button). */
function OwnCall({ call }: { call: Call<string> }) {
  const { run } = useServerCall();
  return (
    <button type="button" onClick={() => void run(call, () => undefined)}>
      More Options
    </button>
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const bar = () => screen.queryByRole('progressbar');
const status = () => screen.getByRole('status');
const frameBusy = () => screen.getByRole('region', { name: 'screen' }).getAttribute('aria-busy');

describe('the busy indicator (issue 43 item 6)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('shows nothing for the first second of a wait: the polite status region is there, empty', () => {
    render(<Frame busy />);
    expect(bar()).toBeNull();
    expect(status().textContent).toBe('');
    expect(frameBusy()).toBe('false');
    advance(BUSY_INDICATOR_DELAY_MS - 1);
    expect(bar()).toBeNull();
    expect(status().textContent).toBe('');
    expect(frameBusy()).toBe('false');
  });

  it('after a second shows the bar and says "Please wait…" in the status region, and the frame is busy', () => {
    render(<Frame busy />);
    const region = status();
    advance(BUSY_INDICATOR_DELAY_MS);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    // The same region that was in the page before: its new words are announced.
    expect(status()).toBe(region);
    expect(region.textContent).toBe('Please wait…');
    expect(region.contains(bar())).toBe(true);
    expect(frameBusy()).toBe('true');
  });

  it('is gone at once when the answer comes, and the next wait waits its second again', () => {
    const { rerender } = render(<Frame busy />);
    advance(BUSY_INDICATOR_DELAY_MS);
    expect(bar()).not.toBeNull();
    rerender(<Frame busy={false} />);
    expect(bar()).toBeNull();
    expect(status().textContent).toBe('');
    expect(frameBusy()).toBe('false');
    rerender(<Frame busy />);
    expect(bar()).toBeNull();
    advance(BUSY_INDICATOR_DELAY_MS / 2);
    expect(bar()).toBeNull();
    advance(BUSY_INDICATOR_DELAY_MS / 2);
    expect(bar()).not.toBeNull();
  });

  it('never shows for a call answered within the second (no flash)', () => {
    const { rerender } = render(<Frame busy />);
    advance(BUSY_INDICATOR_DELAY_MS - 100);
    rerender(<Frame busy={false} />);
    advance(BUSY_INDICATOR_DELAY_MS * 5);
    expect(bar()).toBeNull();
    expect(status().textContent).toBe('');
  });

  it('text null shows the bar alone (the screen says what it waits for); other words are said instead', () => {
    const { rerender } = render(<Frame busy text={null} />);
    advance(BUSY_INDICATOR_DELAY_MS);
    expect(bar()).not.toBeNull();
    expect(status().textContent).toBe('');
    rerender(<Frame busy text="Connecting" />);
    expect(status().textContent).toBe('Connecting');
  });

  it('counts a call made by a part of the screen with its own useServerCall, until it answers', async () => {
    const { call, answers } = manualCall();
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <Frame busy={false}>
            <OwnCall call={call} />
          </Frame>
        </MemoryRouter>
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    advance(BUSY_INDICATOR_DELAY_MS - 1);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()).not.toBeNull();
    expect(frameBusy()).toBe('true');
    await act(async () => answers[0]?.({ ok: true, data: 'done', status: 200 }));
    expect(bar()).toBeNull();
    expect(frameBusy()).toBe('false');
  });
});

describe('useBusyIndicator', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  function Probe({ busy, delayMs }: { busy: boolean; delayMs?: number }) {
    return <output>{String(useBusyIndicator(busy, delayMs))}</output>;
  }

  it('follows busy after the delay given, and drops with it at once', () => {
    const { rerender } = render(<Probe busy delayMs={300} />);
    const out = screen.getByRole('status');
    expect(out.textContent).toBe('false');
    advance(299);
    expect(out.textContent).toBe('false');
    advance(1);
    expect(out.textContent).toBe('true');
    rerender(<Probe busy={false} delayMs={300} />);
    expect(out.textContent).toBe('false');
  });
});
