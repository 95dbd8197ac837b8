/** The active profile the engine asks for on every call: kept between calls, and never stale after a change in Settings. */
import { expect, test } from 'vitest';
import { createCore } from '../../electron/core/core';
import { useTestKeychain } from '../support/keychain';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();
const testKeychain = useTestKeychain();

test('the active profile is what Settings last made it: chosen, renamed, moved, its statuses taught, removed', async () => {
  const core = createCore({
    dataDir: tempDir(),
    secrets: testKeychain().store,
    version: 'test',
    builtInService: () => null,
    connectivityIntervalMs: 60_000,
    // The agent confirms the move to another address when main asks.
    askAgent: async () => true,
  });
  const { profiles } = core;
  try {
    expect(profiles.active()).toMatchObject({ id: 1, name: 'Training' });
    const agency = await profiles.create({ name: 'Agency', kind: 'test', baseUrl: 'https://api.agency.example', keys: {} });
    expect(profiles.active().name).toBe('Training');

    await profiles.activate(agency.id);
    expect(profiles.active()).toMatchObject({ id: agency.id, name: 'Agency', baseUrl: 'https://api.agency.example' });

    await profiles.update(agency.id, 'Agency (test)', 'https://sandbox.agency.example');
    expect(profiles.active()).toMatchObject({ name: 'Agency (test)', baseUrl: 'https://sandbox.agency.example' });

    expect(profiles.active().statusRules.final).not.toContain('Voided');
    profiles.learnStatus(agency.id, 'final', 'Voided', true);
    expect(profiles.active().statusRules.final).toContain('Voided');
    await profiles.setStatusRules(agency.id, { ...profiles.active().statusRules, confirmed: ['Ticketed'] });
    expect(profiles.active().statusRules.confirmed).toEqual(['Ticketed']);

    await profiles.remove(agency.id);
    expect(profiles.active()).toMatchObject({ id: 1, name: 'Training' });
  } finally {
    core.close();
  }
});
