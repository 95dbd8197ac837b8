import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createCore } from '../../electron/core/core';
import { useTestKeychain } from '../support/keychain';
import { useTempDir } from '../support/temp-dir';

const tempDir = useTempDir();
const keychain = useTestKeychain();
const open = (dataDir: string) =>
  createCore({ dataDir, secrets: keychain().store, version: 'test', builtInService: () => null, connectivityIntervalMs: 60_000 });

describe('one Packdesk per data folder', () => {
  test('a second one on the same folder is refused in words and opens nothing; once the first closes, it opens', () => {
    const dataDir = tempDir();
    const first = open(dataDir);
    expect(() => open(dataDir)).toThrow(
      expect.objectContaining({
        code: 'data_folder_in_use',
        message: expect.stringContaining(`process ${process.pid}) is already using this counter's data folder`),
        hint: expect.stringContaining('Switch to the Packdesk window'),
      }),
    );
    first.close();
    expect(existsSync(join(dataDir, 'packdesk.lock'))).toBe(false);
    open(dataDir).close();
  });

  test('held by another running process: refused; left by one that died (a crash, a power cut): taken over', async () => {
    const dataDir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dataDir, 'packdesk.lock'), String(other.pid));
      expect(() => open(dataDir)).toThrow(new RegExp(`process ${other.pid}\\)`));
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const gone = spawnSync('true');
    writeFileSync(join(dataDir, 'packdesk.lock'), String(gone.pid));
    const core = open(dataDir);
    expect(core.profiles.active().kind).toBe('training');
    core.close();
  });
});
