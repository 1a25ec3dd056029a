import type { EmulatorContext } from '../context.js';
import type { User } from '../state/model.js';
import type { Transaction } from '../state/transactions.js';
import { DAY_MS } from '../state/trustedDevices.js';

/**
 * Trusted devices (spec section 3: the additional block's isTrustedDeviceEnabled, trustedDeviceId,
 * trustedDeviceExpiryDays; the authenticate request's rememberMe and trustedDeviceID).
 *
 * - A user with a `trustedDevice` policy who completes every step with Remember Me gets a fresh
 *   random id in the AUTH_ALLOWED reply, trusted for the policy's days (emulator clock).
 * - A later sign-in that sends that id for that user, unexpired, with Remember Me, skips every
 *   step after the first; its replies say enabled with the same id and the days it has left
 *   (rounded up). The expiry is fixed at trust time: a trusted sign-in does not extend it.
 * - An unknown, expired or other user's id is not honoured (replies say disabled, empty id) and
 *   every step runs. Remember Me unticked: the device is forgotten (the user asked this browser
 *   not to remember them) and every step runs.
 */

/** The authenticate request's say on the device: recorded on the transaction, the id checked. */
export function recogniseDevice(
  ctx: EmulatorContext,
  tx: Transaction,
  user: User,
  request: { rememberMe?: boolean | undefined; trustedDeviceID?: string | undefined },
): void {
  tx.rememberMe = request.rememberMe === true;
  tx.trustedDevice = undefined;
  const now = ctx.state.clock.now();
  const device = ctx.state.trustedDevices.find(request.trustedDeviceID, user.userName, now);
  if (!device) return;
  if (!user.trustedDevice || !tx.rememberMe) {
    ctx.state.trustedDevices.forget(device.id);
    return;
  }
  tx.trustedDevice = { id: device.id, expiryDays: Math.max(1, Math.ceil((device.expiresAt - now) / DAY_MS)) };
}

/** A trusted device needs only the first step. */
export function skipsRemainingSteps(tx: Transaction): boolean {
  return tx.trustedDevice !== undefined && tx.stepIndex >= 1;
}

/** At AUTH_ALLOWED after a full sign-in with Remember Me: trust this browser from now on. */
export function trustOnCompletion(ctx: EmulatorContext, tx: Transaction, user: User): void {
  if (tx.trustedDevice || !tx.rememberMe || !user.trustedDevice) return;
  const { expiryDays } = user.trustedDevice;
  const device = ctx.state.trustedDevices.issue(user.userName, expiryDays, ctx.state.clock.now());
  tx.trustedDevice = { id: device.id, expiryDays };
}

/** The additional block's trusted-device fields for the transaction's replies. */
export function trustedDeviceFields(tx: Transaction, user: User | undefined) {
  return tx.trustedDevice
    ? {
        isTrustedDeviceEnabled: true,
        trustedDeviceId: tx.trustedDevice.id,
        trustedDeviceExpiryDays: tx.trustedDevice.expiryDays,
      }
    : {
        isTrustedDeviceEnabled: false,
        trustedDeviceId: '',
        trustedDeviceExpiryDays: user?.trustedDevice?.expiryDays ?? 0,
      };
}
