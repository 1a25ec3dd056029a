import { useEffect, useRef } from 'react';
import { QR_CODE_OPTIONS } from '../../constants';
import './QrCode.css';

export interface QrCodeProps {
  text: string;
  /** The accessible name of the picture. */
  label: string;
  /** A failure to draw (e.g. text too long for version 40, or the drawing code failed to load). */
  onError: (error: unknown) => void;
  className?: string;
}

/** The drawing library, loaded once, the first time a QR code is shown (again after a failed load). */
let qrLibrary: Promise<typeof import('qrcode')> | undefined;
function loadQrLibrary(): Promise<typeof import('qrcode')> {
  qrLibrary ??= import('qrcode').catch((error: unknown) => {
    qrLibrary = undefined;
    throw error;
  });
  return qrLibrary;
}

/**
 * Draws `text` as a QR code by the rules of spec section 9 (width 256, error correction M,
 * margin 4). The drawing library is loaded when a code is first drawn, so it costs nothing on
 * the screens that show none (this module is part of every first load).
 */
export function QrCode({ text, label, onError, className }: QrCodeProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let current = true;
    loadQrLibrary()
      .then(async ({ toCanvas }) => {
        const canvas = ref.current;
        if (!current || !canvas) return;
        await toCanvas(canvas, text, {
          width: QR_CODE_OPTIONS.width,
          margin: QR_CODE_OPTIONS.margin,
          errorCorrectionLevel: QR_CODE_OPTIONS.errorCorrectionLevel,
        });
        // The library fixes the size inline; the stylesheet's (256 px, narrower on a narrow
        // screen, always square) applies instead.
        canvas.style.removeProperty('width');
        canvas.style.removeProperty('height');
      })
      .catch((error: unknown) => {
        if (current) onError(error);
      });
    return () => {
      current = false;
    };
  }, [text, onError]);
  return (
    <canvas
      ref={ref}
      className={className ? `portal-qr-code ${className}` : 'portal-qr-code'}
      width={QR_CODE_OPTIONS.width}
      height={QR_CODE_OPTIONS.width}
      role="img"
      aria-label={label}
    />
  );
}
