import { randomUUID } from 'node:crypto';
/**
 * The agency ledger on screen, against a real PostgreSQL (PACKDESK_TEST_PG_URL, from
 * scripts/with-postgres.sh): the harness's counter is connected through Settings by keyboard, a
 * second counter (a core in this process, on the same built-in service) books and pays, and the
 * screens follow without a reload. The harness reaches PostgreSQL through a loopback TCP proxy the
 * test can cut, as a broken link or a stopped server does.
 */

import keytar from 'keytar';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { BookingRecord } from '../../shared/bookings';
import { useFreshAgencyDatabase } from '../support/agency-database';
import { queryAgency } from '../support/agency-server';
import { useCore } from '../support/engine-helpers';
import { dearerDates } from '../support/stays';
import { useTempDir } from '../support/temp-dir';
import { agencyWords, bookAt, FAST, openAgencyForm, typeConnection, useLinks, violations, ledgerWords } from './agency-helpers';
import { focusedName } from './flow-helpers';
import { startHarness as startOwnHarness } from './harness';
import type { Harness } from './harness';
import { useHarness } from './use-harness';
import { say, sayCount, sayMatching, ANY } from './words';

/** Counts the history reads the page asks for from now on: a screen updated by events asks none. */
async function countListReads(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const target = window as unknown as { __packdeskInvoke: (channel: string, input: unknown) => Promise<unknown>; __listReads: number };
    const original = target.__packdeskInvoke.bind(window);
    target.__listReads = 0;
    target.__packdeskInvoke = (channel, input) => {
      if (channel === 'history:list') target.__listReads += 1;
      return original(channel, input);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __listReads: number }).__listReads);
}

/** The local time the status bar shows for now, in the browser's time zone (the harness's Europe/Lisbon). */
const clockNow = () => new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Lisbon' });

/** What a Bookings row's Counter column (its last) says: where the booking was made. */
const counterOf = (row: Locator) => row.getByRole('cell').last().textContent();

describe('the agency ledger on screen', () => {
  const agency = useFreshAgencyDatabase({ prefix: 'agency_e2e', tests: 'Agency browser tests' });
  const startLink = useLinks();
  // Registered before the harness: its folder is removed after the harness closed (afterEach runs last-registered first).
  const tempDir = useTempDir('packdesk-agency-e2e-');
  const startHarness = useHarness();
  const startCore = useCore();

  /** Desk 1 (the harness) with a booking of its own, the agency's server behind a link the test can cut, and the agency form open. */
  async function startDesk1() {
    const harness: Harness = await startHarness();
    const server = agency();
    const link = await startLink(server);
    await bookAt(harness.core, 'Marta', 'Quintela', 60);
    const section = await openAgencyForm(harness.page);
    return { harness, page: harness.page, server, link, section };
  }

  test('connected in Settings by keyboard: another counter’s booking shows with its counter at once, This counter hides it, and the status bar follows the link', async () => {
    const { harness, page, server, link, section } = await startDesk1();
    await typeConnection(page, { ...server, host: '127.0.0.1', port: link.port, password: 'counter-secret-1' });
    await harness.screenshot('agency-settings-form');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');

    await expect
      .poll(() => section.getByTestId('agency-section-link').textContent(), { timeout: 10_000 })
      .toBe(say('component.agency.link.live'));
    await expect.poll(() => focusedName(page)).toBe(say('settings.agency.edit'));
    expect(await section.getByTestId('agency-summary').textContent()).toMatch(
      sayMatching('settings.agency.summary', { tls: 'verifyFull', ca: 'yes', password: 'saved' }),
    );
    expect(await agencyWords(page)).toBe(ledgerWords('live'));
    // The password went to the keychain, and nowhere on the page.
    expect(await keytar.getPassword(harness.keychainService, 'agency:1')).toBe('counter-secret-1');
    expect(await page.content()).not.toContain('counter-secret-1');
    // The agents and the audit it shares: once pushed, the agency has this counter's whole audit.
    await expect
      .poll(() => section.getByTestId('agency-people').textContent(), { timeout: 10_000 })
      .toMatch(
        new RegExp(['yes', 'no'].map((defines) => sayMatching('settings.agency.people.state', { defines, unsent: 0 }).source).join('|')),
      );
    await harness.screenshot('agency-settings-connected');
    expect(await violations(page)).toEqual([]);

    const desk2 = (await startCore(harness.training, { agencyTimings: FAST })).core;
    await desk2.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 2' });

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    expect(await page.getByRole('columnheader', { name: say('audit.table.counter') }).isVisible()).toBe(true);
    const ownRow = page.getByRole('row', { name: /Marta Quintela/ });
    expect(await counterOf(ownRow)).toBe('Desk 1');

    const listReads = await countListReads(page);
    const theirs = await bookAt(desk2, 'Kenji', 'Tanaka', 90);
    const theirRow = page.getByRole('row', { name: /Kenji Tanaka/ });
    await expect.poll(() => theirRow.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await counterOf(theirRow)).toBe('Desk 2');
    expect(await page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 2));
    // The newest at the top, from the event alone: the list did not read the history again.
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Kenji Tanaka');
    expect(await listReads()).toBe(0);
    // The navigation says whose bookings these are.
    expect(await page.getByRole('navigation', { name: say('frame.navigation') }).textContent()).toContain(
      say('nav.bookings.description.agency'),
    );
    await harness.screenshot('agency-bookings-all-counters');
    expect(await violations(page)).toEqual([]);

    // "This counter", by keyboard: the Desk 2 booking goes, this counter's stays.
    await page.getByRole('radio', { name: say('bookings.list.counter.all') }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    expect(await theirRow.count()).toBe(0);
    expect(await ownRow.isVisible()).toBe(true);
    await harness.screenshot('agency-bookings-this-counter');
    // Another booking at Desk 2 meanwhile: in this counter's ledger, and not in "This counter".
    await bookAt(desk2, 'Yuki', 'Sato', 100);
    await expect.poll(() => harness.core.ledger.list({ profileId: 1, query: 'sato' }).total, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    expect(await page.getByRole('row', { name: /Yuki Sato/ }).count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 3));

    // Desk 2's booking open here while Desk 2 takes the payment: it turns Paid on this screen.
    await theirRow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Kenji Tanaka' }).isVisible()).toBe(true);
    expect(await page.getByText(say('bookings.detail.field.counter.elsewhere', { counter: 'Desk 2' })).isVisible()).toBe(true);
    await desk2.payments.payWith(theirs.id, 'pm_card_visa');
    await expect
      .poll(() => page.locator('[data-tone]').first().textContent(), { timeout: 15_000 })
      .toBe(say('component.statusBadge.status.paid'));
    await harness.screenshot('agency-booking-from-desk-2');
    await page.keyboard.press('Escape');
    await expect.poll(() => theirRow.getByRole('cell').first().textContent()).toBe(say('component.statusBadge.status.paid'));

    // The link cut: the status bar says since when, and a booking made here meanwhile waits to be sent.
    const before = clockNow();
    link.cut('reset');
    await expect
      .poll(() => agencyWords(page), { timeout: 10_000 })
      .toMatch(sayMatching('component.agencyIndicator.ledger', { link: say('component.agency.link.unreachable', { since: ANY }) }));
    expect([before, clockNow()]).toContain(/\d\d:\d\d/.exec((await agencyWords(page)) ?? '')?.[0]);
    await bookAt(harness.core, 'Rui', 'Valente', 120);
    await expect
      .poll(() => page.getByTestId('agency-unsent').textContent(), { timeout: 10_000 })
      .toMatch(sayMatching('component.agencyIndicator.unsent', { unsent: ANY }));
    await expect.poll(() => counterOf(page.getByRole('row', { name: /Rui Valente/ }))).toBe('Desk 1');
    await harness.screenshot('agency-status-unreachable');
    expect(await violations(page)).toEqual([]);

    // Desk 2 books while this counter is cut off: back, it catches up (every word the status bar shows is kept, however brief), then is live.
    await bookAt(desk2, 'Ana', 'Ferreira', 130);
    await page.evaluate(() => {
      const shown: string[] = [];
      (window as unknown as { __agencyWords: string[] }).__agencyWords = shown;
      new MutationObserver(() => {
        const words = document.querySelector('[data-testid="agency-link-words"]')?.textContent ?? '';
        if (words !== shown.at(-1)) shown.push(words);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    link.heal();
    await expect.poll(() => agencyWords(page), { timeout: 30_000 }).toBe(ledgerWords('live'));
    expect(await page.evaluate(() => (window as unknown as { __agencyWords: string[] }).__agencyWords)).toContainEqual(
      expect.stringMatching(
        sayMatching('component.agencyIndicator.ledger', { link: say('component.agency.link.catchingUp', { behind: ANY }) }),
      ),
    );
    await expect.poll(() => counterOf(page.getByRole('row', { name: /Ana Ferreira/ }))).toBe('Desk 2');
    await expect.poll(() => page.getByTestId('agency-unsent').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => desk2.ledger.list({ profileId: 1, query: 'valente' }).rows[0]?.originCounter, { timeout: 15_000 })
      .toBe('Desk 1');
    await harness.screenshot('agency-status-live');
    await desk2.shutdown();
  });

  test('the form says what is wrong in words and where; an unreachable server saves nothing; Disconnect asks first and keeps the bookings', async () => {
    const { harness, page, server, link, section } = await startDesk1();
    // Connect with nothing typed: each missing field says what it needs, and the first takes the focus.
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByText(say('validation.agency.hostRequired')).isVisible()).toBe(true);
    expect(await section.getByText(say('validation.agency.counterNameRequired')).isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toContain(say('settings.agency.form.host'));

    // A server that does not answer (the link cut): refused in words, nothing saved, the focus where it was.
    link.cut('reset');
    await typeConnection(page, { ...server, host: '127.0.0.1', port: link.port, password: '' });
    await page.keyboard.press('Enter');
    const refused = section.getByRole('alert');
    await expect
      .poll(() => refused.textContent(), { timeout: 10_000 })
      .toContain(say('error.agency.unreachable.message', { server: `127.0.0.1:${link.port}` }));
    expect(await refused.textContent()).toContain(say('error.agency.checkHost.hint'));
    expect(await refused.textContent()).toContain(say('error.agency.nothingSaved.hint'));
    expect(await focusedName(page)).toContain(say('settings.agency.form.counterName'));
    expect(await page.evaluate(() => window.packdesk['agency:settings']({ profileId: 1 }))).toEqual({ ok: true, value: null });
    expect(await page.getByTestId('agency-link').count()).toBe(0);
    await harness.screenshot('agency-settings-unreachable');
    expect(await violations(page)).toEqual([]);

    // The server back: the same form connects.
    link.heal();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => section.getByTestId('agency-section-link').textContent(), { timeout: 10_000 })
      .toBe(say('component.agency.link.live'));

    // Disconnect asks first (the safe answer has the focus), says the bookings stay, then stops sharing.
    await section.getByRole('button', { name: say('settings.agency.disconnect') }).focus();
    await page.keyboard.press('Enter');
    const ask = section.getByRole('alertdialog', { name: say('settings.agency.disconnect.confirm') });
    await expect.poll(() => focusedName(page)).toBe(say('settings.agency.disconnect.keep'));
    expect(await ask.textContent()).toMatch(sayMatching('settings.agency.disconnect.confirm.text', { unsent: 0 }));
    await harness.screenshot('agency-settings-disconnect');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(say('settings.agency.connect'));
    expect(await page.getByTestId('agency-link').count()).toBe(0);
    expect(await keytar.getPassword(harness.keychainService, 'agency:1')).toBeNull();

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe(sayCount('bookings.list.count', 1));
    expect(await page.getByRole('columnheader', { name: say('audit.table.counter') }).count()).toBe(0);
  });

  test('a change from another counter that this one cannot read is set aside and named in Settings; the feed goes on', async () => {
    const server = agency();
    const harness = await startHarness();
    const { page } = harness;
    await harness.core.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 1' });
    await expect.poll(() => agencyWords(page), { timeout: 10_000 }).toBe(ledgerWords('live'));
    // Desk 4's change holds what a counter never sends (a key), as a server not to be trusted might hand it out.
    const desk4 = randomUUID();
    await queryAgency(server, "INSERT INTO agency_counters (counter_id, name) VALUES ($1, 'Desk 4')", [desk4]);
    await queryAgency(
      server,
      `INSERT INTO agency_changes (counter_id, counter_seq, booking_key, kind, body)
       VALUES ($1, 1, $2, 'booking', jsonb_build_object('kind', 'booking', 'bookingKey', $2::text, 'apiKey', 'sk_live_x'))`,
      [desk4, `${desk4}/1`],
    );
    await queryAgency(server, "SELECT pg_notify('agency_changes', '1')");
    await page.keyboard.press('Control+Comma');
    const section = page.getByRole('group', { name: say('settings.agency.section', { name: 'Training' }) });
    await expect
      .poll(() => section.getByTestId('agency-set-aside').textContent(), { timeout: 10_000 })
      .toContain(say('component.agency.setAside', { count: 1, counter: 'Desk 4' }));
    expect(await section.getByTestId('agency-section-link').textContent()).toBe(say('component.agency.link.live'));
    expect(JSON.stringify(harness.core.ledger.list({ profileId: 1, limit: 10 }).rows)).not.toContain('sk_live');
    await harness.screenshot('agency-settings-set-aside');
    expect(await violations(page)).toEqual([]);
  });

  test('a counter whose agency server was upgraded by a newer Packdesk says so in the status bar and in Settings, in words', async () => {
    const server = agency();
    const dataDir = tempDir();
    // Yesterday: this counter joined the agency.
    const yesterday = await startOwnHarness({ dataDir });
    await yesterday.core.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 1' });
    await yesterday.close();
    // Overnight a newer Packdesk at another counter upgraded the agency's schema.
    await queryAgency(server, 'INSERT INTO agency_schema_versions (version) VALUES (99)');

    const harness = await startHarness({ dataDir });
    const { page } = harness;
    await expect.poll(() => agencyWords(page), { timeout: 10_000 }).toBe(ledgerWords('refused'));
    const message = page.getByTestId('agency-refused-message');
    expect(await message.textContent()).toMatch(sayMatching('error.agency.databaseTooNew.message', { current: 99 }));
    expect(await page.getByTestId('agency-link').getAttribute('aria-label')).toContain(say('error.agency.databaseTooNew.hint'));
    await page.keyboard.press('Control+Comma');
    const section = page.getByRole('group', { name: say('settings.agency.section', { name: 'Training' }) });
    await expect.poll(() => section.getByRole('alert').textContent()).toContain(say('error.agency.databaseTooNew.hint'));
    await harness.screenshot('agency-status-refused');
    expect(await violations(page)).toEqual([]);
  });

  test('a booking whose change waits for the traveler’s payment at another counter says so, offers no change here, still offers the cancellation, and shows the new stay once paid', async () => {
    const server = agency();
    const harness = await startHarness();
    const { page } = harness;
    await harness.core.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 1' });
    await expect.poll(() => agencyWords(page), { timeout: 10_000 }).toBe(ledgerWords('live'));
    const desk2 = (await startCore(harness.training, { agencyTimings: FAST })).core;
    await desk2.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 2' });
    // Desk 2 sells; the traveler pays; then asks Desk 2 for a dearer stay and is given its payment link.
    const theirs = await bookAt(desk2, 'Kenji', 'Tanaka', 90);
    await desk2.payments.payWith(theirs.id, 'pm_card_visa');
    await expect.poll(() => (desk2.reconciler.soon(theirs.id), desk2.ledger.get(theirs.id)?.status), { timeout: 15_000 }).toBe('Paid');
    const paid = desk2.ledger.get(theirs.id) as BookingRecord;
    const dates = await dearerDates(desk2, paid);
    await desk2.engine.previewChange({ bookingId: theirs.id, dates });
    const link = (await desk2.engine.confirmChange({ bookingId: theirs.id, dates })).pendingModification?.paymentLink;
    expect(link).toMatch(/^http/);

    // At this counter the booking says why it cannot be changed here, and the cancellation stays.
    await page.keyboard.press('Control+b');
    const row = page.getByRole('row', { name: /Kenji Tanaka/ });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    await row.focus();
    await page.keyboard.press('Enter');
    const notice = page.getByTestId('change-awaiting-elsewhere');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await notice.textContent()).toContain(say('bookings.detail.awaitingElsewhere.title'));
    expect(await page.getByRole('button', { name: say('bookings.detail.modify') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: say('bookings.detail.cancel') }).isVisible()).toBe(true);
    await harness.screenshot('agency-change-awaiting-payment-elsewhere');
    expect(await violations(page)).toEqual([]);

    // The traveler pays; Desk 2 sees the change made: here the notice goes, the new stay shows, and a change may be made again.
    await fetch(link as string, { method: 'POST' });
    await expect
      .poll(() => (desk2.reconciler.soon(theirs.id), desk2.ledger.get(theirs.id)?.checkIn), { timeout: 15_000 })
      .toBe(dates.checkIn);
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: say('bookings.detail.modify') }).isVisible()).toBe(true);
    await desk2.shutdown();
  });
});
