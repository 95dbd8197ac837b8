import { createCore } from '../../../electron/core/core';
import type { AgencySettingsInput } from '../../../shared/agency';
import { QUICK_RETRY, childCounterCoreOptions } from '../../support/counter-core';
import { AGENCY_TIMINGS, acknowledgeMany, agentStep } from './counters-workload-helpers';
import { seeded } from './seeded-helpers';

// The kill test's victim: a full counter (core, SQLite ledger in PACKDESK_DATA_DIR) joined to the
// agency, holding, cancelling and checking bookings as KILL_SEED says, its outbox draining all the
// while, until the test SIGKILLs it. The test then starts a counter on the same data folder.
const env = process.env;
const name = env.COUNTER_NAME as string;
const core = createCore({
  ...childCounterCoreOptions({ keychainService: 'Packdesk-agency-kill', version: 'kill' }),
  reconcilerTickMs: 20,
  retry: QUICK_RETRY,
  doubtWindowMs: 1_000,
  // Small pushes: its outbox drains over many of them, so the kill lands between two with changes still waiting.
  agencyTimings: { ...AGENCY_TIMINGS, pushBatchSize: 8 },
});
await core.start();
const agency = JSON.parse(env.AGENCY as string) as Omit<AgencySettingsInput, 'profileId' | 'counterName'>;
await core.agency.connect({ ...agency, profileId: 1, counterName: name });
process.stdout.write('ready\n');

const random = seeded(Number(env.KILL_SEED));
for (let n = 0; ; n += 1) {
  const outcome = await agentStep(core, name, random, n);
  acknowledgeMany(core, random, Math.floor(random() * 40));
  process.stdout.write(`${JSON.stringify({ n, outcome })}\n`);
}
