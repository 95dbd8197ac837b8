/**
 * A restored ledger is in no agency until the agent connects it again: a backup's unsent agency
 * changes and agency state are never pushed, and a backup made at another counter says so first.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../../electron/core/dispatch';
import { bookingChangeJson } from '../../../electron/core/ledger/agency-ledger-schema';
import { queryAgency } from '../../support/agency-server';
import { useTempDir } from '../../support/temp-dir';
import { agencyTotals, converged, sleep, useCounters } from './counters-helpers';
import type { Counter } from './counters-helpers';
import { holdAt } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

const tempDir = useTempDir();

/** A backup of the counter's ledger with one change crafted into its outbox: the agency's copy of every booking, cancelled. */
function backupWithACancellingOutbox(counter: Counter): string {
  const backup = join(tempDir(), `${counter.name.replace(/\s+/g, '-')}.db`);
  counter.core.backups.backUpTo(backup);
  const db = new DatabaseSync(backup);
  db.exec(
    `INSERT INTO agency_outbox (body) SELECT json_set(${bookingChangeJson()}, '$.status', 'Cancelled', '$.revision', 99) FROM bookings b`,
  );
  db.close();
  return backup;
}

const agencyStatuses = async (settings: Parameters<typeof queryAgency>[0]) =>
  (await queryAgency<{ status: string }>(settings, 'SELECT status FROM agency_bookings ORDER BY booking_key')).map((row) => row.status);

describe('restoring a backup at a counter of an agency', () => {
  const counters = useCounters();

  test('a backup made at another counter says so before the restore; afterwards nothing of it is pushed and the counter is in no agency until connected again', async () => {
    const random = seeded(2207);
    const desk1 = await counters.start('Desk 1');
    const desk3 = await counters.start('Desk 3');
    await holdAt(desk3, random, 1);
    const settings = counters.agency.settings();
    await converged([desk1, desk3], settings);
    const backup = backupWithACancellingOutbox(desk3);
    const before = await agencyTotals(settings);

    const facts = desk1.core.backups.stageRestore(backup);
    expect(facts).toMatchObject({ madeAt: 'Desk 3', madeElsewhere: true, unsentAgencyChanges: 1, bookings: 1 });
    await desk1.core.shutdown(1_000);
    const restored = await counters.restart(desk1);
    await sleep(1_500);

    expect(await agencyTotals(settings)).toEqual(before);
    expect(await agencyStatuses(settings)).toEqual(['Pending']);
    expect(restored.core.agency.status().link).toEqual({ kind: 'off' });
    expect(restored.core.agency.ledger.membership()).toBeNull();
    expect(restored.core.agency.ledger.outbox.size()).toBe(0);
    // Its bookings say where they were made.
    expect(restored.core.ledger.list({ profileId: 1, limit: 10 }).rows.map((row) => row.originCounter)).toEqual(['Desk 3']);
    const dispatch = createDispatcher(restored.core.handlers);
    expect(await dispatch('restore:notice', {})).toMatchObject({
      ok: true,
      value: { madeAt: 'Desk 3', madeElsewhere: true, agencyWaits: true, heldWrites: [] },
    });
  });

  test('a backup’s unsent agency changes are never pushed, even at the counter that made it; connecting again shares the ledger as it is', async () => {
    const random = seeded(2208);
    const desk1 = await counters.start('Desk 1');
    await holdAt(desk1, random, 1);
    const settings = counters.agency.settings();
    await converged([desk1], settings);
    const backup = backupWithACancellingOutbox(desk1);
    const before = await agencyTotals(settings);

    const facts = desk1.core.backups.stageRestore(backup);
    await desk1.core.shutdown(1_000);
    const restored = await counters.restart(desk1);
    await sleep(1_500);
    expect(await agencyTotals(settings)).toEqual(before);
    expect(await agencyStatuses(settings)).toEqual(['Pending']);
    expect(restored.core.agency.status().link).toEqual({ kind: 'off' });
    expect(facts).toMatchObject({ madeAt: 'Desk 1', madeElsewhere: false, unsentAgencyChanges: 1 });

    // The agent connects again in Settings: the ledger as restored is shared, never the outbox it came with.
    const dispatch = createDispatcher(restored.core.handlers);
    const { host, port, database, user, tlsMode } = settings;
    expect(await dispatch('agency:connect', { profileId: 1, host, port, database, user, tlsMode, counterName: 'Desk 1' })).toMatchObject({
      ok: true,
    });
    await converged([restored], settings);
    expect(await agencyStatuses(settings)).toEqual(['Pending']);
    expect(await dispatch('restore:notice', {})).toEqual({ ok: true, value: null });
    // From now on its link starts with the app again.
    await restored.core.shutdown(1_000);
    const again = await counters.restart(restored);
    await converged([again], settings);
    expect(again.core.agency.ledger.membership()).not.toBeNull();
  });
});
