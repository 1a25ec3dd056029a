/** m:ss, as the idle warning's countdown shows it, in the locale's digits ('4:05'). */
export function countdownClock(seconds: number, locale: string): string {
  const minutes = new Intl.NumberFormat(locale).format(Math.floor(seconds / 60));
  const rest = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `${minutes}:${rest}`;
}
