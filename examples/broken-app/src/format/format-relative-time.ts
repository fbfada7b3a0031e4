const UNITS: Array<[unit: Intl.RelativeTimeFormatUnit, milliseconds: number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** "3 minutes ago", "in 2 hours": the largest unit that fits, in English. */
export function formatRelativeTime(timestamp: number, now: number): string {
  const difference = timestamp - now;
  const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, milliseconds] of UNITS) {
    if (Math.abs(difference) >= milliseconds) return formatter.format(Math.round(difference / milliseconds), unit);
  }
  return formatter.format(0, 'second');
}
