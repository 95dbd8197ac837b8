import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, test } from 'vitest';
import { focusedName, heldByEngine, paidByEngine } from './flow-helpers';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { say, sayingFirst, sayMatching } from './words';

let harness: Harness | undefined;
let dataDir = '';
afterEach(async () => {
  const errors = harness?.pageErrors ?? [];
  await harness?.close();
  harness = undefined;
  rmSync(dataDir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

describe('a restored backup in the Bookings screen', () => {
  test('the writes it left open are listed, held: the agent checks a cancellation with the service (a read) and discards a hold, one by one, by keyboard', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'packdesk-e2e-restore-'));
    // The counter's day before the backup: a paid booking and a hold.
    const before = await startHarness({ dataDir });
    const paid = await paidByEngine(before, { name: 'Maria', surname: 'Reis', email: 'maria.reis@example.com' });
    const held = await heldByEngine(before, { name: 'João', surname: 'Lima', email: 'joao.lima@example.com' }, 2);
    const backup = join(dataDir, 'desk-backup.db');
    before.core.backups.backUpTo(backup);
    // Its journal as a crafted file would have it: the hold's entry reopened, and a cancellation left without an answer.
    const crafted = new DatabaseSync(backup);
    crafted.prepare("UPDATE intents SET finished_at = NULL, outcome = NULL WHERE operation = 'prebook' AND booking_id = ?").run(held.id);
    crafted
      .prepare("INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, 'cancel', ?, ?)")
      .run(paid.id, JSON.stringify({ reason: 'Plans changed.' }), new Date(Date.now() - 3_600_000).toISOString());
    crafted.prepare("UPDATE bookings SET in_flight = 'cancel' WHERE id = ?").run(paid.id);
    crafted.close();
    before.core.backups.stageRestore(backup);
    await before.close();

    harness = await startHarness({ dataDir });
    const { page } = harness;
    await page.getByRole('button', { name: sayingFirst('nav.bookings') }).click();
    // Its title (the region's name) says where and when the backup was made; its label says what it is.
    const panel = page.locator(`[role="region"][aria-label="${say('restore.panel.restored')}"]`);
    const writes = panel.getByRole('list', { name: say('restore.panel.held.list') }).getByRole('listitem');
    await expect.poll(() => writes.count()).toBe(2);
    const cancellation = writes.filter({
      hasText: say('heldWrite.what.cancellationOf', { reference: paid.clientReference, holder: 'Maria Reis' }),
    });
    const hold = writes.filter({
      hasText: new RegExp(`^${sayMatching('heldWrite.what.holdFor', { holder: 'João Lima', stayed: 'yes', made: 'yes' }).source}`),
    });
    await expect
      .poll(() => hold.getByText(say('heldWrite.why.holdMadeBooking', { reference: held.clientReference }), { exact: false }).isVisible())
      .toBe(true);
    expect(await hold.getByRole('button', { name: say('restore.write.check') }).count()).toBe(0);
    await harness.screenshot('restore-held-writes');
    const axe = await new AxeBuilder({ page }).include(`[aria-label="${say('restore.panel.restored')}"]`).analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);

    await cancellation.getByRole('button', { name: say('restore.write.check') }).focus();
    await page.keyboard.press('Enter');
    const said = panel.getByRole('status');
    await expect.poll(() => said.textContent()).toMatch(sayMatching('error.cancellation.cancelNotMade.message'));
    await expect.poll(() => focusedName(page)).toBe(say('restore.panel.outcome.close'));
    expect(harness.core.ledger.get(paid.id)).toMatchObject({ status: 'Paid', inFlight: null });
    await expect.poll(() => writes.count()).toBe(1);

    await hold.getByRole('button', { name: say('restore.write.discard.open') }).click();
    await expect.poll(() => focusedName(page)).toBe(say('restore.write.discard'));
    await harness.screenshot('restore-discard-hold');
    await page.keyboard.press('Enter');
    await expect.poll(() => said.textContent()).toContain(say('restore.outcome.discarded'));
    await expect.poll(() => focusedName(page)).toBe(say('restore.panel.outcome.close'));
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => focusedName(page)).toBe(say('bookings.list.find'));
    // Nothing was sent for either: the hold is as it was, the paid booking not cancelled.
    expect(harness.core.ledger.get(held.id)).toMatchObject({ status: 'Pending', inFlight: null });
    expect(harness.core.ledger.openIntents()).toEqual([]);
  });
});
