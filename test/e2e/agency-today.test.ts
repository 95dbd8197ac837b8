/**
 * Today across the agency on screen, against a real PostgreSQL (PACKDESK_TEST_PG_URL): the harness's
 * counter connected through Settings by keyboard, a second counter (a core in this process, on the
 * same built-in service) selling too, and The agency's day read from this counter's copies.
 */
import { describe, expect, test } from 'vitest';
import { useFreshAgencyDatabase } from '../support/agency-database';
import { paidAtCounter, useCore } from '../support/engine-helpers';
import { useTempDir } from '../support/temp-dir';
import { agencyWords, bookAt, FAST, openAgencyForm, typeConnection, useLinks, violations, ledgerWords } from './agency-helpers';
import { useHarness } from './use-harness';
import { say, shownMoney, sayMatching } from './words';

describe('Today across the agency', () => {
  const agency = useFreshAgencyDatabase({ prefix: 'agency_e2e_today', tests: 'Agency browser tests' });
  const startLink = useLinks();
  // Registered before the harness: its folder is removed after the harness closed (afterEach runs last-registered first).
  useTempDir('packdesk-agency-today-e2e-');
  const startHarness = useHarness();
  const startCore = useCore();

  test('Today by keyboard: The agency adds every desk’s bookings and takings from this counter’s copies, a line per desk', async () => {
    const harness = await startHarness();
    const { page } = harness;
    const server = agency();
    const link = await startLink(server);
    await bookAt(harness.core, 'Marta', 'Quintela', 60);
    await openAgencyForm(page);
    await typeConnection(page, { ...server, host: '127.0.0.1', port: link.port, password: 'counter-secret-1' });
    await page.keyboard.press('Enter');
    await expect.poll(() => agencyWords(page), { timeout: 10_000 }).toBe(ledgerWords('live'));
    const desk2 = (await startCore(harness.training, { agencyTimings: FAST })).core;
    await desk2.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 2' });
    const ours = await paidAtCounter(harness.core, 1, 70);
    const theirs = await paidAtCounter(desk2, 25, 110);
    await expect
      .poll(() => harness.core.ledger.list({ profileId: 1, query: theirs.clientReference }).rows[0]?.status, { timeout: 10_000 })
      .toBe('Paid');

    await page.keyboard.press('Control+y');
    // This counter's day first: Marta's hold and the booking paid here.
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 2 }));
    await page.getByRole('radio', { name: say('component.agency.thisCounter') }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('made-count').textContent()).toBe(say('today.counts.made', { count: 3 }));
    expect(await page.getByText(sayMatching('today.screen.day.agency')).isVisible()).toBe(true);
    const desks = page.getByRole('table', { name: say('today.screen.byDesk') });
    await expect
      .poll(() => desks.locator('tbody > tr > th').allTextContents())
      .toEqual([say('today.screen.byDesk.this', { counter: 'Desk 1' }), 'Desk 2']);
    // Each desk's takings are the sales it made, in their own currencies.
    expect(await desks.getByRole('row', { name: /^Desk 2/ }).textContent()).toContain(shownMoney(theirs.totalMinor, theirs.currency));
    expect(await desks.getByRole('row', { name: say('today.screen.byDesk.this', { counter: 'Desk 1' }) }).textContent()).toContain(
      shownMoney(ours.totalMinor, ours.currency),
    );
    await harness.screenshot('today-agency');
    expect(await violations(page)).toEqual([]);
  });
});
