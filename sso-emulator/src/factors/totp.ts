import * as OTPAuth from 'otpauth';

const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpCode(secretBase32: string, timestampMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: timestampMs });
}

/**
 * RFC 6238 check with one step of drift either way. Returns the accepted time step, or null.
 * A step at or before `lastAcceptedStep` is refused so a code works once.
 */
export function verifyTotp(
  secretBase32: string,
  token: string,
  timestampMs: number,
  lastAcceptedStep: number | undefined,
): number | null {
  const delta = totpFor(secretBase32).validate({ token, timestamp: timestampMs, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(timestampMs / 1000 / PERIOD_SECONDS) + delta;
  if (lastAcceptedStep !== undefined && step <= lastAcceptedStep) return null;
  return step;
}
