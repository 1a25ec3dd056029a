import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recoveryCodesText } from '../src/recoveryCodes/codesFile';
import { RecoveryCodesSection } from '../src/recoveryCodes/RecoveryCodesSection';
import { expectUserCall, SERVICE, signedIn } from './session';

const CODES = [
  '7K3MZ9QH2D',
  'R4T8WXC6PB',
  'N2F5J9V3KE',
  'A1B2C3D4E5',
  'F6G7H8J9K0',
  'M1N2P3Q4R5',
  'S6T7V8W9X0',
  'Y1Z2A3B4C5',
  'D6E7F8G9H0',
  'J1K2M3N4P5',
];
const CREATED = '2026-11-25T02:00:00.000Z';

/** MeRecoveryCodes as the SSO answers it: the count, and a new set of ten on POST. */
function codesServer(remaining: number) {
  let left = remaining;
  return fakeServer({ base: SERVICE })
    .on('GET', 'factor/v1/MeRecoveryCodes', () => ({
      json: { remaining: left, createdDatetime: left ? CREATED : null },
    }))
    .on('POST', 'factor/v1/MeRecoveryCodes', () => {
      left = CODES.length;
      return { json: { codes: CODES, remaining: left, createdDatetime: CREATED } };
    });
}

/** The section, once the SSO's count has arrived (its button waits for it). */
async function show(remaining: number) {
  signedIn();
  const server = codesServer(remaining);
  renderScreen(<RecoveryCodesSection />, { path: '/self-service' });
  await screen.findByText(remaining ? `Recovery codes — ${remaining} left` : /^You have no recovery codes/);
  return server;
}

const dialog = () => screen.getByRole('dialog', { name: 'Save your recovery codes' });

afterEach(() => vi.restoreAllMocks());

describe('recovery codes on self-service', () => {
  it('shows how many are left, asked for with the user token', async () => {
    const server = await show(3);
    expect(await screen.findByText('Recovery codes — 3 left')).toBeTruthy();
    expectUserCall(server.requests[0]);
  });

  it('makes a first set at once and shows the codes until the user says they are saved', async () => {
    const server = await show(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recovery codes' }));
    const codes = within(await screen.findByRole('list', { name: 'Your new recovery codes' }));
    expect(codes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);

    const open = dialog();
    const done = within(open).getByText('Done') as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.keyDown(open, { key: 'Escape' });
    fireEvent(open, new Event('cancel', { cancelable: true }));
    expect(open.hasAttribute('open')).toBe(true);

    fireEvent.click(within(open).getByLabelText('I have saved them'));
    expect(done.disabled).toBe(false);
    fireEvent.click(done);
    await waitFor(() => expect(open.hasAttribute('open')).toBe(false));
    expect(screen.getByText('Recovery codes — 10 left')).toBeTruthy();
  });

  it('asks before replacing a set, and Cancel keeps it', async () => {
    const server = await show(4);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate recovery codes' }));
    const confirm = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(confirm.textContent).toContain(
      'Make new recovery codes? The codes you have now will stop working.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByRole('list', { name: 'Your new recovery codes' })).toBeTruthy();
  });

  it('copies the codes and downloads them as a text file', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await show(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate recovery codes' }));
    await screen.findByRole('list', { name: 'Your new recovery codes' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODES.join('\n')));
    expect(await within(dialog()).findByRole('button', { name: 'Copied!' })).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('recovery-codes.txt');
    const read = new FileReader();
    const text = new Promise((resolve) => read.addEventListener('load', () => resolve(read.result)));
    read.readAsText(blobs[0] as Blob);
    expect(await text).toBe(recoveryCodesText(CODES, 'Authentication Hub recovery codes', CREATED));
  });

  it('offers nothing when the SSO has no recovery codes (404)', async () => {
    signedIn();
    const server = fakeServer({ base: SERVICE }).on('GET', 'factor/v1/MeRecoveryCodes', () => ({
      status: 404,
      json: { errorCode: '0000404', errorMessage: 'Not found' },
    }));
    renderScreen(<RecoveryCodesSection />, { path: '/self-service' });
    await waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Recovery codes' })).toBeNull());
  });
});
