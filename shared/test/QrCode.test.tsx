import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QrCode } from '../src/ui/codes/QrCode';

const { toCanvas } = vi.hoisted(() => ({ toCanvas: vi.fn(async (..._args: unknown[]) => undefined) }));
vi.mock('qrcode', () => ({ toCanvas }));

describe('QrCode', () => {
  it('draws the text by the rules of spec section 9 on a labelled picture', async () => {
    render(
      <StrictMode>
        <QrCode text="otpauth://totp/x" label="QR code for your mobile authenticator" onError={vi.fn()} />
      </StrictMode>,
    );
    const picture = screen.getByRole('img', { name: 'QR code for your mobile authenticator' });
    expect(picture.getAttribute('width')).toBe('256');
    await waitFor(() => expect(toCanvas).toHaveBeenCalled());
    expect(toCanvas).toHaveBeenLastCalledWith(picture, 'otpauth://totp/x', {
      width: 256,
      margin: 4,
      errorCorrectionLevel: 'M',
    });
  });

  it('reports a failure to draw', async () => {
    toCanvas.mockRejectedValueOnce(new Error('The amount of data is too big'));
    const onError = vi.fn();
    render(<QrCode text="too long" label="QR" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('The amount of data is too big')));
  });

  it('says nothing once it is gone', async () => {
    const onError = vi.fn();
    const { unmount } = render(<QrCode text="x" label="QR" onError={onError} />);
    toCanvas.mockRejectedValueOnce(new Error('late'));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onError).not.toHaveBeenCalled();
  });
});
