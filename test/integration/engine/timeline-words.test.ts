/**
 * The timeline and a booking's attention in the agent's language: main keeps, beside the English it
 * records (exports, logs and older counters read it), the catalog message and its values, and each
 * screen words them in its language. Rows from before those words were kept show their recorded English.
 */
import { createIntl } from '@formatjs/intl';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../../electron/core/database';
import { createLedger } from '../../../electron/core/ledger/ledger';
import { ledgerMigrations } from '../../../electron/core/ledger/ledger-migrations';
import { attentionWords, textOfWords } from '../../../electron/core/ledger/ledger-words';
import { recordedWords } from '../../../shared/i18n/recorded-words';
import { defineMessages } from '../../../shared/i18n/messages';
import { loadCatalog } from '../../../shared/i18n/catalogs';
import { formatDate, setFormatLanguage } from '../../../shared/format';
import type { TimelineEvent } from '../../../shared/bookings';
import { paidAtCounter, useCore } from '../../support/engine-helpers';
import { copyFixture, fixtureName } from '../../support/migration-fixtures';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const core = useCore();
const sandbox = useSandbox();
const tempDir = useTempDir('packdesk-words-');

/** A screen in German: the catalog as the page loads it. */
const german = async () => createIntl({ locale: 'de-DE', messages: await loadCatalog('de'), onError: () => undefined });

const lineOf = (timeline: TimelineEvent[], type: string) => {
  const line = timeline.find((event) => event.type === type);
  expect(line, `a ${type} line`).toBeDefined();
  return line as TimelineEvent;
};

describe('the timeline in the agent’s language', () => {
  test('a booking made, paid and cancelled through the engine: its lines word in German, their summaries stay English', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: counter } = await core(service);
    const booking = await paidAtCounter(counter);
    await counter.engine.cancel(booking.id, 'Traveler fell ill');
    await counter.language.choose('de');

    const timeline = counter.ledger.timeline(booking.id);
    const held = lineOf(timeline, 'prebooked');
    const sending = lineOf(timeline, 'book_intent');
    const booked = lineOf(timeline, 'booked');
    const cancelled = lineOf(timeline, 'cancelled');
    // The English, exactly as recorded before the words were kept.
    expect(held.summary).toBe(`Held as booking ${String(booking.serviceBookingId)} (${held.words?.values.status as string}).`);
    expect(sending.summary).toBe('Sending the payment to the service.');
    expect(booked.summary).toBe(
      `Payment authorized; supplier reference ${booking.bookingReference as string}. Waiting for the supplier to confirm.`,
    );
    expect(cancelled.summary).toBe('Cancelled: Traveler fell ill');
    expect(cancelled.words).toEqual({ id: 'timeline.cancel.cancelled', values: { reason: 'Traveler fell ill' } });
    // Every line written now has its words.
    expect(timeline.filter((event) => event.words === null)).toEqual([]);

    const intl = await german();
    const shown = (event: TimelineEvent) => recordedWords(intl, event.summary, event.words);
    expect(shown(held)).toBe(`Als Buchung ${String(booking.serviceBookingId)} reserviert (${held.words?.values.status as string}).`);
    expect(shown(sending)).toBe('Die Zahlung wird an den Dienst gesendet.');
    expect(shown(booked)).toBe(
      `Zahlung autorisiert; Referenz des Anbieters ${booking.bookingReference as string}. Es wird auf die Bestätigung des Anbieters gewartet.`,
    );
    // The agent's reason is their own words: never translated.
    expect(shown(cancelled)).toBe('Storniert: Traveler fell ill');
    // A read's line: the service's status as it came, the rest in German.
    const read = timeline.find((event) => event.type === 'status' && event.words?.values.moved === 'yes');
    if (read) expect(shown(read)).toBe(`Status ist jetzt ${read.words?.values.status as string}.`);

    // Main words them in the counter's language too (a refusal, a restore's outcome).
    await counter.language.words.follow();
    expect(counter.language.words.text(textOfWords(sending.words, sending.summary))).toBe('Die Zahlung wird an den Dienst gesendet.');
  });

  test('an attention with words: English recorded, German shown, money in the reader’s locale; cleared with its words', async () => {
    const service = await sandbox({ controls: { supplierDelayMs: 20 } });
    const { core: counter } = await core(service);
    const booking = await paidAtCounter(counter);
    const lines = defineMessages({
      lostPaid: { id: 'timeline.change.refunded', defaultMessage: 'Changed; {amount} refunded automatically.' },
    });
    counter.ledger.update(booking.id, attentionWords(lines.lostPaid, { amount: { minor: 123_450, currency: 'EUR' } }));
    const flagged = counter.ledger.get(booking.id);
    expect(flagged?.attention).toBe('Changed; €1,234.50 refunded automatically.');
    // The history's reads (rows read as arrays) carry the words too.
    const listed = counter.ledger.needingAttention(booking.profileId).find((row) => row.id === booking.id);
    expect(listed?.attentionWords).toEqual({ id: 'timeline.change.refunded', values: { amount: { minor: 123_450, currency: 'EUR' } } });
    const intl = await german();
    // The page formats money in its language's locale (set with the language).
    setFormatLanguage('de');
    try {
      expect(recordedWords(intl, flagged?.attention as string, flagged?.attentionWords).replace(/\s/g, ' ')).toBe(
        'Geändert; 1.234,50 € automatisch erstattet.',
      );
    } finally {
      setFormatLanguage('en');
    }
    // Days too: a stay's dates recorded as days read as the reader's locale writes them.
    const days = defineMessages({ made: { id: 'timeline.change.lostMade', defaultMessage: 'Made: {checkIn} to {checkOut}.' } });
    counter.ledger.update(booking.id, attentionWords(days.made, { checkIn: '2027-04-28', checkOut: '2027-05-01' }));
    const dated = counter.ledger.get(booking.id);
    setFormatLanguage('de');
    try {
      const shown = recordedWords(intl, dated?.attention as string, dated?.attentionWords);
      expect(shown).toContain(`${formatDate('2027-04-28', 'de-DE')} bis ${formatDate('2027-05-01', 'de-DE')}`);
      expect(shown).not.toContain('2027-04-28');
    } finally {
      setFormatLanguage('en');
    }
    // An attention set as text alone (no words) clears any words it replaces.
    counter.ledger.update(booking.id, { attention: 'Look at it.' });
    expect(counter.ledger.get(booking.id)).toMatchObject({ attention: 'Look at it.', attentionWords: null });
    counter.engine.acknowledge(booking.id);
    expect(counter.ledger.get(booking.id)).toMatchObject({ attention: null, attentionWords: null });
  });

  test('a line written before the words were kept (an upgraded ledger) shows its recorded English in German', async () => {
    const file = copyFixture(tempDir(), fixtureName('ledger', ledgerMigrations.length - 1));
    const db = openDatabase(file, ledgerMigrations);
    try {
      const ledger = createLedger(db);
      const timeline = ledger.timeline(3);
      const cancelled = timeline.find((event) => event.summary === 'Cancelled: The traveler fell ill.');
      expect(cancelled).toMatchObject({ words: null });
      const intl = await german();
      expect(recordedWords(intl, cancelled?.summary as string, cancelled?.words)).toBe('Cancelled: The traveler fell ill.');
      const flagged = ledger.needingAttention(1);
      expect(flagged.length).toBeGreaterThan(0);
      for (const booking of flagged) {
        expect(booking.attentionWords).toBeNull();
        expect(recordedWords(intl, booking.attention as string, booking.attentionWords)).toBe(booking.attention);
      }
      // Words a later Packdesk wrote that this one cannot read: the recorded English is shown.
      db.prepare('UPDATE booking_events SET words = \'{"id": 42}\' WHERE booking_id = 3').run();
      expect(ledger.timeline(3).every((event) => event.words === null)).toBe(true);
    } finally {
      db.close();
    }
  });
});
