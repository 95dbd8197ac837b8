import { createCore } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';

/**
 * Run as a child process by the memory figure: opens the ledger in `argv[2]` through the core, as
 * the main process does, runs a history search and the tracker's due-query, and prints its RSS.
 */
const dataDir = process.argv[2] as string;
const core = createCore({ dataDir, secrets: createKeychainStore('Packdesk-bench'), version: 'bench', builtInService: () => null });
core.ledger.list({ profileId: 1, limit: 100 });
core.ledger.list({ profileId: 1, query: 'tanaka', limit: 100 });
const at = Date.now();
core.ledger.dueIntents(at, 3);
core.ledger.dueBookings(at, 3);
core.ledger.nextDueAt(at);
const rss = process.memoryUsage().rss;
core.close();
process.stdout.write(JSON.stringify({ rss }));
