/** The two number formats of a locale's countdown, made once per locale (Intl constructors are slow). */
const formats = new Map<string, { minutes: Intl.NumberFormat; seconds: Intl.NumberFormat }>();

function formatsFor(locale: string) {
  let made = formats.get(locale);
  if (!made) {
    made = {
      minutes: new Intl.NumberFormat(locale),
      seconds: new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 }),
    };
    formats.set(locale, made);
  }
  return made;
}

/** m:ss, as the idle warning's countdown shows it, in the locale's digits ('4:05'). */
export function countdownClock(seconds: number, locale: string): string {
  const { minutes, seconds: rest } = formatsFor(locale);
  return `${minutes.format(Math.floor(seconds / 60))}:${rest.format(seconds % 60)}`;
}
