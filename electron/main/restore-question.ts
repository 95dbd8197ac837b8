import { defineMessages } from '../../shared/i18n/messages';
import type { MainWords } from '../core/i18n/main-words';
import type { RestoreFacts } from '../core/ledger/clean-restore';

const words = defineMessages({
  question: {
    id: 'main.restore.question',
    defaultMessage: 'Restore {count, plural, one {{count} booking} other {{count} bookings}} from this backup?',
  },
  elsewhereUnnamed: {
    id: 'main.restore.madeElsewhere.unnamed',
    defaultMessage: 'This backup was made at another counter, not at this one.',
  },
  elsewhere: {
    id: 'main.restore.madeElsewhere',
    defaultMessage: 'This backup was made at {counter}, not at this counter. Its bookings show as made at {counter}.',
  },
  here: { id: 'main.restore.madeHere', defaultMessage: 'It was made at this counter ({counter}).' },
  madeAt: { id: 'main.restore.madeAt', defaultMessage: 'This backup was made at {counter}.' },
  held: {
    id: 'main.restore.heldWrites',
    defaultMessage:
      '{count, plural, one {One write was being sent when it was made, and its outcome is not known:} other {{count} writes were being sent when it was made, and their outcome is not known:}}',
  },
  heldAfter: {
    id: 'main.restore.heldWrites.after',
    defaultMessage:
      'None is sent again. After the restart each waits at the top of Bookings for you to check it with the service or discard it.',
  },
  unsent: {
    id: 'main.restore.unsentAgencyChanges',
    defaultMessage:
      '{count, plural, one {{count} change for the agency had not been sent when it was made: it is not sent.} other {{count} changes for the agency had not been sent when it was made: they are not sent.}}',
  },
  agencyWaits: {
    id: 'main.restore.agencyWaits',
    defaultMessage: 'The restored ledger is not shared with the agency until you connect again in Settings → Agency ledger.',
  },
  leftOut: { id: 'main.restore.leftOut', defaultMessage: 'The file also holds what a Packdesk ledger does not ({items}): it is left out.' },
  restart: {
    id: 'main.restore.restart',
    defaultMessage:
      'Packdesk restarts and uses the backup as its ledger. Bookings made after the backup are not in it; the ledger in use now is kept beside it (ledger-before-restore-….db) and can be restored the same way.',
  },
});

/**
 * The question File → Restore Ledger… asks, from what the backup holds: its bookings, the counter it
 * was made at, the writes it left open and the agency changes it had not sent (neither ever sent).
 * In the counter's language; the writes and what is left out are named as the backup's check found them.
 */
export function restoreQuestion(facts: RestoreFacts, say: Pick<MainWords, 'text'>): { message: string; detail: string } {
  const paragraphs: string[] = [];
  const counter = facts.madeAt ?? '';
  if (facts.madeElsewhere === true)
    paragraphs.push(
      say.text(facts.madeAt === null ? { message: words.elsewhereUnnamed } : { message: words.elsewhere, values: { counter } }),
    );
  else if (facts.madeAt !== null)
    paragraphs.push(say.text({ message: facts.madeElsewhere === false ? words.here : words.madeAt, values: { counter } }));
  const held = facts.heldWrites.length;
  if (held > 0)
    paragraphs.push(
      [
        say.text({ message: words.held, values: { count: held } }),
        ...facts.heldWrites.map((what) => `• ${what}`),
        say.text({ message: words.heldAfter }),
      ].join('\n'),
    );
  if (facts.unsentAgencyChanges > 0) paragraphs.push(say.text({ message: words.unsent, values: { count: facts.unsentAgencyChanges } }));
  if (facts.agencyWaits) paragraphs.push(say.text({ message: words.agencyWaits }));
  if (facts.leftOut.length > 0) paragraphs.push(say.text({ message: words.leftOut, values: { items: facts.leftOut.join(', ') } }));
  paragraphs.push(say.text({ message: words.restart }));
  return { message: say.text({ message: words.question, values: { count: facts.bookings } }), detail: paragraphs.join('\n\n') };
}
