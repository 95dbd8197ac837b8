import type { MessageDescriptor } from '@formatjs/intl';
import type { AuditEntry } from '../audit';
import type { AuditLineWords } from '../audit-words';
import { formatDate } from '../format';
import { defineMessages } from './messages';
import { CALENDAR_DAY } from './recorded-words';
import type { Wordsmith } from './recorded-words';

const words = defineMessages({
  refused: { id: 'audit.line.refused', defaultMessage: '{what}: refused: {reason}' },
  refusedUnsaid: { id: 'audit.line.refusedUnsaid', defaultMessage: '{what}: refused' },
});

/** A message main declared with its English where it writes the entry (extracted there): here only its id, from the catalog. */
const byId = (id: string): MessageDescriptor => ({ id });

/** A line's words in the reader's language, or null when this Packdesk's catalog does not hold one of its messages. */
function worded(intl: Wordsmith, line: AuditLineWords): string | null {
  if (intl.messages[line.id] === undefined) return null;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(line.values)) {
    if (typeof value === 'string' && CALENDAR_DAY.test(value)) values[name] = formatDate(value);
    else if (typeof value !== 'object') values[name] = value;
    else if (intl.messages[value.id] === undefined) return null;
    else values[name] = intl.formatMessage(byId(value.id), value.values);
  }
  return intl.formatMessage(byId(line.id), values);
}

/**
 * What an audit entry says was done, in the reader's language: its words when it has them and the catalog knows
 * them, else the English it was chained with (entries from before words were kept, or from a newer Packdesk).
 */
export function auditLine(intl: Wordsmith, entry: AuditEntry): string {
  if (!entry.words) return entry.what;
  const what = worded(intl, entry.words.what);
  if (what === null || entry.outcome === 'done') return what ?? entry.what;
  if (!entry.words.reason) return intl.formatMessage(words.refusedUnsaid, { what });
  const reason = worded(intl, entry.words.reason);
  return reason === null ? entry.what : intl.formatMessage(words.refused, { what, reason });
}
