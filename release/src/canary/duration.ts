/** `30s`, `10m`, `1h` or a number of seconds, in milliseconds; undefined when it is none of them. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's'] ?? 1000;
  const ms = Number(match[1]) * unit;
  return ms > 0 ? ms : undefined;
}
