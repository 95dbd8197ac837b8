import type { MessageDescriptor } from '@formatjs/intl';
import { formatDate, formatMoney } from '../format';
import type { StoredWords } from '../stored-words';

/** A day as main records it (a stay's check-in): the reader sees it as their locale writes days. */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What words a text: a screen's `intl` (react-intl's, or @formatjs/intl's). */
export interface Wordsmith {
  messages: Record<string, unknown>;
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, string | number>): string;
}

/**
 * What main recorded (a timeline line, a booking's attention) in the active language: its stored words
 * (a catalog message and its values, money and days in the active locale) when it has them and the catalog knows
 * the message; otherwise the text as it was recorded (in English, on rows from before the words were kept).
 */
export function recordedWords(intl: Wordsmith, recorded: string, words: StoredWords | null | undefined): string {
  if (!words || intl.messages[words.id] === undefined) return recorded;
  // Declared with its English where main writes it (so extracted there): here only its id, looked up in the catalog.
  const declared: MessageDescriptor = { id: words.id };
  const values = Object.fromEntries(
    Object.entries(words.values).map(([name, value]) => [
      name,
      typeof value === 'object'
        ? formatMoney(value.minor, value.currency)
        : typeof value === 'string' && CALENDAR_DAY.test(value)
          ? formatDate(value)
          : value,
    ]),
  );
  return intl.formatMessage(declared, values);
}
