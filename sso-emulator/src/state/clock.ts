/** The emulator's clock; tests shift it (POST /_emulator/api/clock) to reach expiry paths without waiting. */
export class Clock {
  offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }
}
