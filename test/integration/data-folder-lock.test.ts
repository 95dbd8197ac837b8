import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createCore } from '../../electron/core/core';
import { startFreshProcess } from '../support/fresh-process';
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
    // A real Packdesk's lock in another process: the operating system's, so only a process holding it refuses.
    const other = await startFreshProcess(join(import.meta.dirname, '../support/data-folder-holder.ts'), {
      PACKDESK_HELD_DATA_DIR: dataDir,
    });
    try {
      await new Promise((resolve, reject) => {
        other.stdout?.once('data', resolve);
        other.once('exit', reject);
      });
      expect(() => open(dataDir)).toThrow(new RegExp(`process ${other.pid}\\)`));
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Killed, it left its lock file and its process id behind; the kernel released the lock itself.
    expect(existsSync(join(dataDir, 'packdesk.lock'))).toBe(true);
    const core = open(dataDir);
    expect(core.profiles.active().kind).toBe('training');
    core.close();
  });
});
