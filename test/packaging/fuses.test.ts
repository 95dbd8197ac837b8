import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { afterEach, expect, test } from 'vitest';
import { PACKAGED_FUSES } from '../../packaging/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * A few bytes in the format of Electron's fuse wire (sentinel, version 1, length, one byte a fuse),
 * set as a stock Electron ships: run as node, NODE_OPTIONS and --inspect on, any app folder loaded.
 */
function stockElectronWire(): Buffer {
  const stock = ['1', '0', '1', '1', '0', '0', '0', '1', '1'];
  return Buffer.concat([
    Buffer.from('ELF…binary before…'),
    Buffer.from(SENTINEL),
    Buffer.from([1, stock.length]),
    Buffer.from(stock.join('')),
    Buffer.from('…after'),
  ]);
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('the packaged app’s fuses: not a Node, no NODE_OPTIONS or --inspect, only its asar, checked for integrity', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-fuses-'));
  dirs.push(dir);
  const binary = join(dir, 'packdesk');
  writeFileSync(binary, stockElectronWire());

  await flipFuses(binary, PACKAGED_FUSES);

  const wire = await getCurrentFuseWire(binary);
  expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
  expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
  expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
  expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
  expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
  expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
  // Kept on for the payment windows' file:// page inside app.asar (docs/security.md); the main window is on app://.
  expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.ENABLE);
  // Only the wire changed: the rest of the binary is as it was.
  const after = readFileSync(binary);
  expect(after.subarray(0, 20)).toEqual(stockElectronWire().subarray(0, 20));
  expect(after.length).toBe(stockElectronWire().length);
});

test('an Electron with a fuse the configuration does not name stops the build', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'packdesk-fuses-'));
  dirs.push(dir);
  const binary = join(dir, 'packdesk');
  const longer = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, 10]), Buffer.from('1011000111')]);
  writeFileSync(binary, longer);
  await expect(flipFuses(binary, PACKAGED_FUSES)).rejects.toThrow(/strictlyRequireAllFuses|not long enough|Missing explicit/);
});
