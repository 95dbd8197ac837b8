import { isoMinorUnits } from './currencies';
import { formatMoney } from './format';

/**
 * An amount of a report, in its own currency: formatted where ISO 4217 says how many minor units it
 * has; a code Packdesk does not know is shown as the service gave it, its code and the minor units.
 */
export function reportMoney(amountMinor: number, currency: string): string {
  if (isoMinorUnits(currency) === null) return `${currency} ${amountMinor} (minor units)`;
  return formatMoney(amountMinor, currency);
}

/** How long something has waited, in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function waitedFor(sinceIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(sinceIso)) / 60_000));
  if (minutes >= 2 * 24 * 60) return `${Math.floor(minutes / (24 * 60))} days`;
  if (minutes >= 2 * 60) return `${Math.floor(minutes / 60)} hours`;
  if (minutes === 0) return 'under a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
