import { openAgencyPool } from '../../../electron/core/agency/agency-connection';
import type { AgencyConnectionSettings } from '../../../electron/core/agency/agency-connection';
import { startOutboxPusher } from '../../../electron/core/agency/outbox-pusher';
import { openSqliteOutbox } from './sqlite-outbox';

// The kill test's victim: a counter sending its outbox in small batches until the test SIGKILLs it.
const settings = JSON.parse(process.env.AGENCY_SETTINGS as string) as AgencyConnectionSettings;
const outbox = openSqliteOutbox(process.env.OUTBOX_FILE as string);
const pusher = startOutboxPusher({
  pool: openAgencyPool(settings),
  counterId: process.env.COUNTER_ID as string,
  outbox,
  batchSize: 10,
});
process.stdout.write('pushing\n');
await pusher.drained();
process.stdout.write('drained\n');
