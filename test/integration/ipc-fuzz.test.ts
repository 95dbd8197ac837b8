import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createDispatcher } from '../../electron/core/dispatch';
import { channelNames, channels } from '../../shared/ipc';
import type { ChannelName } from '../../shared/ipc';
import { useCore } from '../support/engine-helpers';
import { useSandbox } from '../support/sandbox-helpers';
import { useTempDir } from '../support/temp-dir';

const sandbox = useSandbox();
const core = useCore();
const tempDir = useTempDir();

function snapshot(files: string[]): string {
  return files
    .map((file) => {
      const db = new DatabaseSync(file, { readOnly: true });
      const tables = (
        db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%search%' ORDER BY name",
          )
          .all() as { name: string }[]
      ).map((row) => row.name);
      const content = tables.map((table) => JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all())).join('\n');
      db.close();
      return content;
    })
    .join('\n---\n');
}

const hostile = fc.oneof(
  fc.anything({ maxDepth: 4, withBigInt: false }),
  fc.constantFrom(
    null,
    undefined,
    0,
    -1,
    1e308,
    Number.NaN,
    '',
    'x'.repeat(1_000_000),
    [],
    [[[]]],
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"polluted": 1}}'),
    { constructor: { prototype: { polluted: 1 } } },
  ),
  fc.dictionary(
    fc.constantFrom(
      'id',
      'bookingId',
      'profileId',
      'holdId',
      'quote',
      'holder',
      'paymentMethodId',
      'reason',
      'confirmed',
      'title',
      'value',
      'slot',
      'keys',
      'query',
      'limit',
      'offset',
    ),
    fc.anything({ maxDepth: 2 }),
  ),
);

describe('the IPC surface under hostile input', () => {
  test(
    'every channel refuses malformed, oversized and hostile input with a validation error, before the service or a database is touched',
    { timeout: 120_000 },
    async () => {
      const serviceFile = join(tempDir(), 'service.db');
      const service = await sandbox({ dataFile: serviceFile });
      const { core: engineCore, dataDir } = await core(service);
      const dispatch = createDispatcher(engineCore.handlers);
      const files = [join(dataDir, 'settings.db'), join(dataDir, 'ledger.db'), serviceFile];
      const before = snapshot(files);
      let refused = 0;

      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...channelNames), hostile, async (channel: ChannelName, input: unknown) => {
          if (channels[channel].input.safeParse(input).success) return;
          const result = await dispatch(channel, input);
          expect(result).toMatchObject({
            ok: false,
            error: { code: 'invalid_input', message: expect.any(String), hint: expect.any(String) },
          });
          refused += 1;
        }),
        { numRuns: 3000 },
      );
      expect(refused).toBeGreaterThan(2500);
      expect(snapshot(files)).toBe(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    },
  );

  test('undeclared channel names are refused', async () => {
    const { core: engineCore } = await core(null, { start: false });
    const dispatch = createDispatcher(engineCore.handlers);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'profiles:list ', 'PROFILES:LIST')),
        async (name) => {
          if ((channelNames as string[]).includes(name)) return;
          expect(await dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
        },
      ),
      { numRuns: 500 },
    );
  });
});
