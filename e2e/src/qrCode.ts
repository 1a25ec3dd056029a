import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import * as OTPAuth from 'otpauth';

const require = createRequire(import.meta.url);
// pngjs ships no types; only the synchronous reader is used.
const { PNG } = require('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

/**
 * Scans the mobile-authenticator QR code on the page as a phone would: a picture of the
 * canvas, decoded. The canvas is in the page (256 wide) before the drawing code has loaded and
 * drawn, so the picture is taken again until it decodes.
 */
export async function scanQrCode(page: Page): Promise<OTPAuth.TOTP> {
  const qr = page.getByRole('img', { name: 'QR code for your mobile authenticator' });
  await expect(qr).toHaveJSProperty('width', 256);
  let link = '';
  await expect(async () => {
    const png = PNG.sync.read(await qr.screenshot());
    link = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
    expect(link, 'the QR code decodes to an otpauth link').toMatch(/^otpauth:\/\/totp\//);
  }).toPass();
  const totp = OTPAuth.URI.parse(link);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error(`not a TOTP link: ${link}`);
  return totp;
}
