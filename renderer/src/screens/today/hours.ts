import { formatLocale } from '../../../../shared/format';

// A formatter per locale and hour cycle: building one costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(hourCycle: 'h23' | 'h24'): Intl.DateTimeFormat {
  const key = `${formatLocale()}|${hourCycle}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(formatLocale(), { hour: '2-digit', minute: '2-digit', hourCycle, timeZone: 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

/** The start of an hour of the day (UTC, 0 to 24) as the active language writes it: "07:00"; 24 is the day's end, "24:00". */
export const hourOfDay = (hour: number): string => formatter(hour === 24 ? 'h24' : 'h23').format(Date.UTC(2000, 0, 1, hour));
