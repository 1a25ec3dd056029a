import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import * as OTPAuth from 'otpauth';
import type { Query } from './drivers/finder';
import type { User } from './user';

const require = createRequire(import.meta.url);
// pngjs ships no types; only the synchronous reader is used.
const { PNG } = require('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

const WAIT_MS = 10_000;

/**
 * Scans a QR code on the page as a phone would, in any engine: a picture of the element, decoded.
 * The canvas is on the page before its drawing code has loaded and drawn, so the picture is taken
 * again until it decodes.
 */
export async function scanQrCode(user: User, qr: Query): Promise<OTPAuth.TOTP> {
  const deadline = Date.now() + WAIT_MS;
  let link = '';
  while (!link.startsWith('otpauth://totp/')) {
    if (Date.now() > deadline)
      throw new Error(`${user.engine}: the QR code did not decode to an otpauth link`);
    const png = PNG.sync.read(await user.screenshot(qr));
    link = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
  }
  const totp = OTPAuth.URI.parse(link);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error(`not a TOTP link: ${link}`);
  return totp;
}
