/**
 * The agency ledger on screen, against a real PostgreSQL (PACKDESK_TEST_PG_URL, from
 * scripts/with-postgres.sh): the harness's counter is connected through Settings by keyboard, a
 * second counter (a core in this process, on the same built-in service) books and pays, and the
 * screens follow without a reload. The harness reaches PostgreSQL through a TCP hop the test can
 * cut, as a broken link or a stopped server does.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import keytar from 'keytar';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Core } from '../../electron/core/core';
import type { BookingRecord } from '../../shared/bookings';
import { quoteThroughEngine, useCore } from '../support/engine-helpers';
import { useTempDir } from '../support/temp-dir';
import { focusedName } from './flow-helpers';
import { startHarness as startOwnHarness } from './harness';
import type { Harness } from './harness';
import { useHarness } from './use-harness';

const serverUrl = process.env.PACKDESK_TEST_PG_URL;
const NO_SERVER = 'no PostgreSQL: PACKDESK_TEST_PG_URL is not set (run the tests under scripts/with-postgres.sh)';
/** The second counter's link timings: quick retries, so a test does not wait out the app's backoff. */
const FAST = { retryDelayMs: { first: 50, max: 500 }, pollEveryMs: 1_000, writeLeaseMs: 3_000, trackLeaseMs: 3_000 };

async function asAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A fresh agency database for each test, dropped after it (its afterEach runs last: registered first). */
function useAgencyDatabase(): () => { host: string; port: number; database: string; user: string } {
  let database: string | null = null;
  beforeEach(async (context) => {
    if (!serverUrl) {
      // CI starts the server for these tests: a skip there would hide that it did not.
      if (process.env.CI) throw new Error(`Agency browser tests cannot run in CI with ${NO_SERVER}`);
      context.skip(NO_SERVER);
    }
    database = `agency_e2e_${randomBytes(6).toString('hex')}`;
    await asAdmin((admin) => admin.query(`CREATE DATABASE ${database}`));
  });
  afterEach(async () => {
    const dropping = database;
    database = null;
    if (dropping) await asAdmin((admin) => admin.query(`DROP DATABASE ${dropping} WITH (FORCE)`));
  });
  return () => {
    const url = new URL(serverUrl as string);
    return { host: url.hostname, port: Number(url.port), database: database as string, user: url.username };
  };
}

/** A TCP hop to PostgreSQL. Cut, it drops every open connection and refuses new ones; restored, it listens on the same port again. */
interface Hop {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

function useHop(): (target: { host: string; port: number }) => Promise<Hop> {
  const open: { server: Server | null; sockets: Set<Socket> }[] = [];
  afterEach(async () => {
    for (const hop of open.splice(0)) {
      for (const socket of hop.sockets) socket.destroy();
      await new Promise((resolve) => (hop.server ? hop.server.close(resolve) : resolve(undefined)));
    }
  });
  return async (target) => {
    const hop = { server: null as Server | null, sockets: new Set<Socket>() };
    open.push(hop);
    const listen = (port: number) =>
      new Promise<number>((resolve, reject) => {
        const server = createServer((client) => {
          const upstream = connect(target.port, target.host);
          for (const socket of [client, upstream]) {
            hop.sockets.add(socket);
            socket.on('close', () => hop.sockets.delete(socket));
            socket.on('error', () => undefined);
          }
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
        hop.server = server;
      });
    const port = await listen(0);
    return {
      port,
      cut: async () => {
        const server = hop.server;
        hop.server = null;
        const closed = new Promise((resolve) => server?.close(resolve));
        for (const socket of hop.sockets) socket.destroy();
        await closed;
      },
      restore: async () => {
        await listen(port);
      },
    };
  };
}

/** A Pending booking made through a counter's own engine, for a traveler named `surname`. */
async function bookAt(core: Core, name: string, surname: string, startInDays: number): Promise<BookingRecord> {
  const quote = await quoteThroughEngine(core, 1, startInDays);
  const hold = await core.engine.startHold(quote, [41, 39]);
  return core.engine.prebook(hold.holdId, { name, surname, email: `${name}.${surname}@example.com`.toLowerCase() });
}

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

/** Serious and critical accessibility violations on what the page shows now (as the accessibility test checks every screen). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

const agencyWords = (page: Page) => page.getByTestId('agency-link-words').textContent();

/** Opens Settings and the agency form of the Training profile, by keyboard. */
async function openAgencyForm(page: Page) {
  await page.keyboard.press('Control+Comma');
  const section = page.getByRole('group', { name: 'Agency ledger of Training' });
  await section.getByRole('button', { name: 'Connect to an agency ledger' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toContain('Server');
  return section;
}

/** Types a connection into the open form, field by field with Tab; Enter on the last field connects. */
async function typeConnection(page: Page, fields: { host: string; port: number; database: string; user: string; password: string }) {
  await page.keyboard.type(fields.host);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain('Port');
  // Tab selected the port already there (5432): typing replaces it.
  await page.keyboard.type(String(fields.port));
  await page.keyboard.press('Tab');
  await page.keyboard.type(fields.database);
  await page.keyboard.press('Tab');
  await page.keyboard.type(fields.user);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain('Password');
  await page.keyboard.type(fields.password);
  // Tab lands on the TLS mode chosen (verify-full), then the agency's certificate authority.
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain('verify-full');
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain('certificate authority');
  // Pasted, as an agent pastes the PEM the agency sent: the test cluster's own certificate.
  await page.keyboard.insertText(readFileSync(process.env.PACKDESK_TEST_PG_CA as string, 'utf8'));
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedName(page)).toContain('This counter’s name');
  await page.keyboard.type('Desk 1');
}

describe('the agency ledger on screen', () => {
  const agency = useAgencyDatabase();
  const startHop = useHop();
  // Registered before the harness: its folder is removed after the harness closed (afterEach runs last-registered first).
  const tempDir = useTempDir('packdesk-agency-e2e-');
  const startHarness = useHarness();
  const startCore = useCore();

  test('connected in Settings by keyboard: another counter’s booking shows with its counter at once, This counter hides it, and the status bar follows the link', async () => {
    const harness: Harness = await startHarness();
    const { page } = harness;
    const server = agency();
    const hop = await startHop(server);
    await bookAt(harness.core, 'Marta', 'Quintela', 60);

    const section = await openAgencyForm(page);
    await typeConnection(page, { ...server, host: '127.0.0.1', port: hop.port, password: 'counter-secret-1' });
    await harness.screenshot('agency-settings-form');
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');

    await expect.poll(() => section.getByTestId('agency-section-link').textContent(), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => focusedName(page)).toBe('Edit connection');
    expect(await section.getByTestId('agency-summary').textContent()).toContain('Password: saved in the keychain');
    expect(await agencyWords(page)).toBe('Agency ledger: live');
    // The password went to the keychain, and nowhere on the page.
    expect(await keytar.getPassword(harness.keychainService, 'agency:1')).toBe('counter-secret-1');
    expect(await page.content()).not.toContain('counter-secret-1');
    await harness.screenshot('agency-settings-connected');
    expect(await violations(page)).toEqual([]);

    const desk2 = (await startCore(harness.training, { agencyTimings: FAST })).core;
    await desk2.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 2' });

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 booking');
    expect(await page.getByRole('columnheader', { name: 'Counter' }).isVisible()).toBe(true);
    const ownRow = page.getByRole('row', { name: /Marta Quintela/ });
    expect(await ownRow.getByRole('cell').last().textContent()).toBe('Desk 1');

    const listReads = await countListReads(page);
    const theirs = await bookAt(desk2, 'Kenji', 'Tanaka', 90);
    const theirRow = page.getByRole('row', { name: /Kenji Tanaka/ });
    await expect.poll(() => theirRow.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await theirRow.getByRole('cell').last().textContent()).toBe('Desk 2');
    expect(await page.getByTestId('result-count').textContent()).toBe('2 bookings');
    // The newest at the top, from the event alone: the list did not read the history again.
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Kenji Tanaka');
    expect(await listReads()).toBe(0);
    await harness.screenshot('agency-bookings-all-counters');
    expect(await violations(page)).toEqual([]);

    // "This counter", by keyboard: the Desk 2 booking goes, this counter's stays.
    await page.getByRole('radio', { name: 'All counters' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 booking');
    expect(await theirRow.count()).toBe(0);
    expect(await ownRow.isVisible()).toBe(true);
    await harness.screenshot('agency-bookings-this-counter');
    // Another booking at Desk 2 meanwhile: in this counter's ledger, and not in "This counter".
    await bookAt(desk2, 'Yuki', 'Sato', 100);
    await expect.poll(() => harness.core.ledger.list({ profileId: 1, query: 'sato' }).total, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('result-count').textContent()).toBe('1 booking');
    expect(await page.getByRole('row', { name: /Yuki Sato/ }).count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('3 bookings');

    // Desk 2's booking open here while Desk 2 takes the payment: it turns Paid on this screen.
    await theirRow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Kenji Tanaka' }).isVisible()).toBe(true);
    expect(await page.getByText('Made at Desk 2').isVisible()).toBe(true);
    await desk2.payments.payWith(theirs.id, 'pm_card_visa');
    await expect.poll(() => page.locator('[data-tone]').first().textContent(), { timeout: 15_000 }).toBe('Paid');
    await harness.screenshot('agency-booking-from-desk-2');
    await page.keyboard.press('Escape');
    await expect.poll(() => theirRow.getByRole('cell').first().textContent()).toBe('Paid');

    // The link cut: the status bar says since when, and a booking made here meanwhile waits to be sent.
    const before = clockNow();
    await hop.cut();
    await expect.poll(() => agencyWords(page), { timeout: 10_000 }).toMatch(/^Agency ledger: unreachable since \d\d:\d\d$/);
    expect([before, clockNow()]).toContain((await agencyWords(page))?.slice(-5));
    await bookAt(harness.core, 'Rui', 'Valente', 120);
    await expect.poll(() => page.getByTestId('agency-unsent').textContent(), { timeout: 10_000 }).toMatch(/^· \d+ changes? not sent yet$/);
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Rui Valente/ })
          .getByRole('cell')
          .last()
          .textContent(),
      )
      .toBe('Desk 1');
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
    await hop.restore();
    await expect.poll(() => agencyWords(page), { timeout: 30_000 }).toBe('Agency ledger: live');
    expect(await page.evaluate(() => (window as unknown as { __agencyWords: string[] }).__agencyWords)).toContainEqual(
      expect.stringMatching(/^Agency ledger: catching up \d+$/),
    );
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Ana Ferreira/ })
          .getByRole('cell')
          .last()
          .textContent(),
      )
      .toBe('Desk 2');
    await expect.poll(() => page.getByTestId('agency-unsent').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => desk2.ledger.list({ profileId: 1, query: 'valente' }).rows[0]?.originCounter, { timeout: 15_000 })
      .toBe('Desk 1');
    await harness.screenshot('agency-status-live');
    await desk2.shutdown();
  });

  test('the form says what is wrong in words and where; an unreachable server saves nothing; Disconnect asks first and keeps the bookings', async () => {
    const harness: Harness = await startHarness();
    const { page } = harness;
    const server = agency();
    const hop = await startHop(server);
    await bookAt(harness.core, 'Marta', 'Quintela', 60);

    const section = await openAgencyForm(page);
    // Connect with nothing typed: each missing field says what it needs, and the first takes the focus.
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByText('Give the agency server’s host name or address.').isVisible()).toBe(true);
    expect(await section.getByText('Name this counter, such as “Desk 2”.').isVisible()).toBe(true);
    await expect.poll(() => focusedName(page)).toContain('Server');

    // A server that does not answer (the hop cut): refused in words, nothing saved, the focus where it was.
    await hop.cut();
    await typeConnection(page, { ...server, host: '127.0.0.1', port: hop.port, password: '' });
    await page.keyboard.press('Enter');
    const refused = section.getByRole('alert');
    await expect
      .poll(() => refused.textContent(), { timeout: 10_000 })
      .toContain(`The agency ledger at 127.0.0.1:${hop.port} cannot be reached.`);
    expect(await refused.textContent()).toContain('Bookings made at this counter are kept');
    expect(await focusedName(page)).toContain('This counter’s name');
    expect(await page.evaluate(() => window.packdesk['agency:settings']({ profileId: 1 }))).toEqual({ ok: true, value: null });
    expect(await page.getByTestId('agency-link').count()).toBe(0);
    await harness.screenshot('agency-settings-unreachable');
    expect(await violations(page)).toEqual([]);

    // The server back: the same form connects.
    await hop.restore();
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByTestId('agency-section-link').textContent(), { timeout: 10_000 }).toBe('live');

    // Disconnect asks first (the safe answer has the focus), says the bookings stay, then stops sharing.
    await section.getByRole('button', { name: 'Disconnect' }).focus();
    await page.keyboard.press('Enter');
    const ask = section.getByRole('alertdialog', { name: 'Disconnect from the agency ledger?' });
    await expect.poll(() => focusedName(page)).toBe('Keep sharing');
    expect(await ask.textContent()).toContain('Every booking stays in this counter’s history');
    await harness.screenshot('agency-settings-disconnect');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Connect to an agency ledger');
    expect(await page.getByTestId('agency-link').count()).toBe(0);
    expect(await keytar.getPassword(harness.keychainService, 'agency:1')).toBeNull();

    await page.keyboard.press('Control+b');
    await expect.poll(() => page.getByTestId('result-count').textContent()).toBe('1 booking');
    expect(await page.getByRole('columnheader', { name: 'Counter' }).count()).toBe(0);
  });

  test('a counter whose agency server was upgraded by a newer Packdesk says so in the status bar and in Settings, in words', async () => {
    const server = agency();
    const dataDir = tempDir();
    // Yesterday: this counter joined the agency.
    const yesterday = await startOwnHarness({ dataDir });
    await yesterday.core.agency.connect({ profileId: 1, ...server, tlsMode: 'disable', counterName: 'Desk 1' });
    await yesterday.close();
    // Overnight a newer Packdesk at another counter upgraded the agency's schema.
    const admin = new Client({ ...server, ssl: false });
    await admin.connect();
    await admin.query('INSERT INTO agency_schema_versions (version) VALUES (99)');
    await admin.end();

    const harness = await startHarness({ dataDir });
    const { page } = harness;
    await expect.poll(() => agencyWords(page), { timeout: 10_000 }).toBe('Agency ledger: refused');
    const message = page.getByTestId('agency-refused-message');
    expect(await message.textContent()).toMatch(
      /^The agency ledger was upgraded by a newer Packdesk \(schema 99, this counter knows \d+\)\.$/,
    );
    expect(await page.getByTestId('agency-link').getAttribute('aria-label')).toContain('Install the newer Packdesk on this counter');
    await page.keyboard.press('Control+Comma');
    const section = page.getByRole('group', { name: 'Agency ledger of Training' });
    await expect.poll(() => section.getByRole('alert').textContent()).toContain('Install the newer Packdesk on this counter');
    await harness.screenshot('agency-status-refused');
    expect(await violations(page)).toEqual([]);
  });
});
