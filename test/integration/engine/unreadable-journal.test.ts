import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { heldBooking, useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';

const sandbox = useSandbox();
const core = useCore();

test('an open write whose journal entry cannot be read is closed once, and the agent is asked to check it, never left looping', async () => {
  const service = await sandbox();
  const first = await core(service, { start: false });
  const { booking } = await heldBooking(first.core);
  const { intentId } = first.core.ledger.beginWrite('modification', booking.id, {
    changes: { booking: { dates: { check_in: '2027-03-01', check_out: '2027-03-04' } } },
    target: {
      checkIn: '2027-03-01',
      checkOut: '2027-03-04',
      propertyId: booking.propertyId,
      propertyName: booking.propertyName,
      roomAvailabilityId: null,
    },
    expectedDiff: 0,
    totalBefore: booking.totalMinor,
  });
  first.core.close();
  // A journal entry damaged on disk, or written in a shape this version does not know.
  const raw = new DatabaseSync(join(first.dataDir, 'ledger.db'));
  raw.prepare('UPDATE intents SET detail = ? WHERE id = ?').run(JSON.stringify({ changes: 42, target: 'somewhere' }), intentId);
  raw.close();

  const again = await core(service, { dataDir: first.dataDir });
  const row = again.core.ledger.get(booking.id);
  expect(row?.inFlight).toBeNull();
  expect(row?.attention).toMatch(/cannot read.*Check this booking with the service’s support/);
  expect(again.core.ledger.openIntents()).toHaveLength(0);
  expect(again.core.ledger.timeline(booking.id).at(-1)?.summary).toMatch(/journal entry is unreadable/);
});
