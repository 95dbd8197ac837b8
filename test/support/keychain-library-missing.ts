import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core/core';
import { createKeychainStore } from '../../electron/core/secrets';

// A counter whose keychain library cannot load (the test makes keytar fail as a missing libsecret
// does): Packdesk must still start, in training, and say what to install when a key is needed.
const core = createCore({
  dataDir: mkdtempSync(join(tmpdir(), 'packdesk-nolib-')),
  secrets: createKeychainStore('Packdesk-nolib'),
  version: 'test',
  builtInService: () => null,
  connectivityIntervalMs: 60_000,
});
try {
  const status = await core.handlers['app:status']({});
  const { profiles, activeProfileId } = await core.handlers['profiles:list']({});
  const active = profiles.find((profile) => profile.id === activeProfileId);
  console.log(JSON.stringify({ status, activeKind: active?.kind }));
} finally {
  core.close();
}
