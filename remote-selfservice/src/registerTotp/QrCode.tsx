import { QR_CODE_OPTIONS } from '@portal/shared/constants';
import { toCanvas } from 'qrcode';
import { useEffect, useRef } from 'react';

export interface QrCodeProps {
  text: string;
  label: string;
  /** A failure to draw (e.g. text too long for version 40). */
  onError: (error: unknown) => void;
}

/** Draws `text` as a QR code in the browser (width 256, error correction M, margin 4). */
export function QrCode({ text, label, onError }: QrCodeProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    toCanvas(canvas, text, {
      width: QR_CODE_OPTIONS.width,
      margin: QR_CODE_OPTIONS.margin,
      errorCorrectionLevel: QR_CODE_OPTIONS.errorCorrectionLevel,
    }).catch(onError);
  }, [text, onError]);
  return <canvas ref={ref} className="portal-selfservice__qr" role="img" aria-label={label} />;
}
