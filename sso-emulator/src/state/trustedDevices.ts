import { randomBytes } from 'node:crypto';

export const DAY_MS = 86_400_000;

/** A browser the user chose to trust (Remember Me at the end of a full sign-in). */
export interface TrustedDevice {
  id: string;
  userName: string;
  /** Emulator-clock epoch ms; fixed when the device was trusted (a trusted sign-in does not extend it). */
  expiresAt: number;
}

/** The trusted devices the emulator has issued, by id (the browser keeps the id in its tdi- cookie). */
export class TrustedDevices {
  private readonly byId = new Map<string, TrustedDevice>();

  /** A fresh random id for `userName`, trusted for `expiryDays` days from `now`. */
  issue(userName: string, expiryDays: number, now: number): TrustedDevice {
    const device = {
      id: randomBytes(24).toString('base64url'),
      userName,
      expiresAt: now + expiryDays * DAY_MS,
    };
    this.byId.set(device.id, device);
    return device;
  }

  /** The device with this id when it belongs to `userName` and has not expired; an expired one is forgotten. */
  find(id: string | undefined, userName: string, now: number): TrustedDevice | undefined {
    const device = id ? this.byId.get(id) : undefined;
    if (!device) return undefined;
    if (device.expiresAt <= now) {
      this.byId.delete(device.id);
      return undefined;
    }
    return device.userName === userName ? device : undefined;
  }

  forget(id: string): void {
    this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}
