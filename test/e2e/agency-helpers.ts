/** What the agency's browser tests share: links to PostgreSQL the test can cut, the connection typed by keyboard, axe on the page. */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import type { Core } from '../../electron/core/core';
import type { BookingRecord } from '../../shared/bookings';
import { quoteThroughEngine } from '../support/engine-helpers';
import { startTcpProxy } from '../support/tcp-proxy';
import type { TcpProxy } from '../support/tcp-proxy';
import { focusedName } from './flow-helpers';
import { say } from './words';

/** The second counter's link timings: quick retries, so a test does not wait out the app's backoff. */
export const FAST = { retryDelayMs: { first: 50, max: 500 }, pollEveryMs: 1_000, writeLeaseMs: 3_000, trackLeaseMs: 3_000 };

/** Links to PostgreSQL the test can cut (test/support/tcp-proxy.ts), each closed after its test. */
export function useLinks(): (target: { host: string; port: number }) => Promise<TcpProxy> {
  const open: TcpProxy[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((link) => link.close()));
  });
  return async (target) => {
    const link = await startTcpProxy(target);
    open.push(link);
    return link;
  };
}

/** A Pending booking made through a counter's own engine, for a traveler named `surname`. */
export async function bookAt(core: Core, name: string, surname: string, startInDays: number): Promise<BookingRecord> {
  const quote = await quoteThroughEngine(core, 1, startInDays);
  const hold = await core.engine.startHold(quote, [41, 39]);
  return core.engine.prebook(hold.holdId, { name, surname, email: `${name}.${surname}@example.com`.toLowerCase() });
}

/** Serious and critical accessibility violations on what the page shows now (as the accessibility test checks every screen). */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The status bar's words for the agency link: "Agency ledger: live". */
export const ledgerWords = (link: 'live' | 'refused' | 'connecting'): string =>
  say('component.agencyIndicator.ledger', { link: say(`component.agency.link.${link}`) });

export const agencyWords = (page: Page) => page.getByTestId('agency-link-words').textContent();

/** Opens Settings and the agency form of the Training profile, by keyboard. */
export async function openAgencyForm(page: Page) {
  await page.keyboard.press('Control+Comma');
  const section = page.getByRole('group', { name: say('settings.agency.section', { name: 'Training' }) });
  await section.getByRole('button', { name: say('settings.agency.connect') }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toContain(say('settings.agency.form.host'));
  return section;
}

/** Types a connection into the open form, field by field with Tab; Enter on the last field connects. */
export async function typeConnection(page: Page, fields: { host: string; port: number; database: string; user: string; password: string }) {
  await page.keyboard.type(fields.host);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain(say('settings.agency.form.port'));
  // Tab selected the port already there (5432): typing replaces it.
  await page.keyboard.type(String(fields.port));
  await page.keyboard.press('Tab');
  await page.keyboard.type(fields.database);
  await page.keyboard.press('Tab');
  await page.keyboard.type(fields.user);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain(say('settings.agency.form.password'));
  await page.keyboard.type(fields.password);
  // Tab lands on the TLS mode chosen (verify-full), then the agency's certificate authority.
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain(say('settings.agency.tls.verifyFull'));
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain(say('settings.agency.form.ca'));
  // Pasted, as an agent pastes the PEM the agency sent: the test cluster's own certificate.
  await page.keyboard.insertText(readFileSync(process.env.PACKDESK_TEST_PG_CA as string, 'utf8'));
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain(say('settings.agency.form.counterName'));
  await page.keyboard.type('Desk 1');
}
