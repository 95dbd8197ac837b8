import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { useCore } from '../../support/engine-helpers';
import { useSandbox } from '../../support/sandbox-helpers';
import { useTempDir } from '../../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();

describe('writes left open by an earlier Packdesk', () => {
  test('a prebook and a change journaled before schema 4 are settled after the upgrade, not retried for ever', async () => {
    const dataDir = tempDir();
    // A ledger written by schema 3, with a prebook whose answer was lost (journaled then as token and holder).
    copyFileSync(join(import.meta.dirname, '../../fixtures/migrations/ledger-v3.db'), join(dataDir, 'ledger.db'));
    const earlier = new DatabaseSync(join(dataDir, 'ledger.db'));
    // And a change journaled then with its changes only.
    earlier
      .prepare('INSERT INTO intents (booking_id, operation, detail, started_at) VALUES (?, ?, ?, ?)')
      .run(
        4,
        'modification',
        JSON.stringify({ changes: { booking: { dates: { check_in: '2031-07-01', check_out: '2031-07-04' } } } }),
        '2025-03-03T12:00:00.000Z',
      );
    earlier.close();

    const service = await sandbox();
    const { core: upgraded } = await core(service, { dataDir, start: false });
    await upgraded.engine.reconcileOpenIntents();

    const open = upgraded.ledger.openIntents().map((intent) => intent.operation);
    expect(open).not.toContain('prebook');
    expect(open).not.toContain('modification');
    // The prebook was sent again as it was first sent; this service does not know its token, so the hold is left for the agent to check.
    const hold = upgraded.ledger.list({ profileId: 1, query: 'PD-FXTR-000010' }).rows[0];
    expect(hold).toMatchObject({
      status: 'Unconfirmed hold',
      serviceBookingId: null,
      attention: expect.stringContaining('Contact the service’s support'),
    });
    expect(upgraded.ledger.get(4)?.attention).toContain('A change was being sent when Packdesk was updated');
  });
});
