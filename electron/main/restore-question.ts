import { plural } from '../../shared/format';
import type { RestoreFacts } from '../core/ledger/clean-restore';

/**
 * The question File → Restore Ledger… asks, from what the backup holds: its bookings, the counter it
 * was made at, the writes it left open and the agency changes it had not sent (neither ever sent).
 */
export function restoreQuestion(facts: RestoreFacts): { message: string; detail: string } {
  const paragraphs: string[] = [];
  if (facts.madeElsewhere === true)
    paragraphs.push(
      facts.madeAt === null
        ? 'This backup was made at another counter, not at this one.'
        : `This backup was made at ${facts.madeAt}, not at this counter. Its bookings show as made at ${facts.madeAt}.`,
    );
  else if (facts.madeAt !== null)
    paragraphs.push(
      facts.madeElsewhere === false ? `It was made at this counter (${facts.madeAt}).` : `This backup was made at ${facts.madeAt}.`,
    );
  const held = facts.heldWrites.length;
  if (held > 0)
    paragraphs.push(
      [
        held === 1
          ? 'One write was being sent when it was made, and its outcome is not known:'
          : `${held} writes were being sent when it was made, and their outcome is not known:`,
        ...facts.heldWrites.map((what) => `• ${what}`),
        'None is sent again. After the restart each waits at the top of Bookings for you to check it with the service or discard it.',
      ].join('\n'),
    );
  if (facts.unsentAgencyChanges > 0)
    paragraphs.push(
      `${plural(facts.unsentAgencyChanges, 'change')} for the agency had not been sent when it was made: ${facts.unsentAgencyChanges === 1 ? 'it is' : 'they are'} not sent.`,
    );
  if (facts.agencyWaits)
    paragraphs.push('The restored ledger is not shared with the agency until you connect again in Settings → Agency ledger.');
  if (facts.leftOut.length > 0)
    paragraphs.push(`The file also holds what a Packdesk ledger does not (${facts.leftOut.join(', ')}): it is left out.`);
  paragraphs.push(
    'Packdesk restarts and uses the backup as its ledger. Bookings made after the backup are not in it; the ledger in use now is kept beside it (ledger-before-restore-….db) and can be restored the same way.',
  );
  return { message: `Restore ${plural(facts.bookings, 'booking')} from this backup?`, detail: paragraphs.join('\n\n') };
}
