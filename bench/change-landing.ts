import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../electron/core/core';
import type { Core } from '../electron/core/core';
import { createKeychainStore } from '../electron/core/secrets';
import type { Dialect } from '../electron/sandbox/dialect';
import { startSandbox } from '../electron/sandbox/sandbox';
import type { BookingRecord } from '../shared/bookings';
import { seededRandom } from './soak/seeded-random';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function until<T>(read: () => T, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A paid booking with a change that costs more waiting for the traveler's payment. */
async function waitingChange(core: Core, startInDays: number): Promise<BookingRecord> {
  const [entry] = (await core.engine.search('')).filter((candidate) => candidate.id === 1);
  const property = entry?.properties[0] as { id: number; name: string };
  for (let offset = startInDays; ; offset += 1) {
    const quote = await core.engine.price({
      packageId: 1,
      packageTitle: entry?.title ?? '',
      propertyId: property.id,
      propertyName: property.name,
      checkIn: day(offset),
      checkOut: day(offset + 3),
      adults: 2,
    });
    if (!quote.available) continue;
    const hold = await core.engine.startHold(quote, [40, 41]);
    const booking = await core.engine.prebook(hold.holdId, { name: 'Bench', surname: 'Change', email: 'bench@example.com' });
    await core.payments.payWith(booking.id, 'pm_card_visa');
    core.reconciler.soon(booking.id);
    await until(
      () => core.ledger.get(booking.id)?.status,
      (status) => status === 'Paid',
    );
    for (let shift = 1; shift < 150; shift += 1) {
      const change = { bookingId: booking.id, dates: { checkIn: day(offset + shift), checkOut: day(offset + shift + 3) } };
      const preview = await core.engine.previewChange(change).catch(() => null);
      if (preview?.paymentRequired) return core.engine.confirmChange(change);
    }
  }
}

/**
 * From the traveler paying a change's link to the ledger showing the new stay, with the app's own
 * tracker settings (its 500 ms tick), against each dialect of the built-in service; the traveler
 * pays at a seeded moment 1 to 3 s after the link was given.
 */
export async function measureChangeLanding(runs = 6, seed = 1): Promise<{ dialect: Dialect; samplesMs: number[] }[]> {
  const random = seededRandom(seed);
  const results: { dialect: Dialect; samplesMs: number[] }[] = [];
  for (const dialect of ['standard', 'alternate'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'packdesk-bench-landing-'));
    const service = await startSandbox({ dataFile: join(dir, 'service.db'), dialect, controls: { supplierDelayMs: 50 } });
    const samplesMs: number[] = [];
    try {
      for (let run = 0; run < runs; run += 1) {
        const core = createCore({
          dataDir: join(dir, `counter-${run}`),
          secrets: createKeychainStore('Packdesk-bench'),
          version: 'bench',
          builtInService: () => ({ url: service.url, testKey: service.keys.testKey, liveKey: service.keys.liveKey }),
          connectivityIntervalMs: 600_000,
        });
        await core.start();
        try {
          const waiting = await waitingChange(core, 150 + run * 7);
          await new Promise((resolve) => setTimeout(resolve, 1_000 + random() * 2_000));
          await fetch(waiting.pendingModification?.paymentLink as string, { method: 'POST' });
          const paidAt = performance.now();
          await until(
            () => core.ledger.get(waiting.id)?.pendingModification,
            (pending) => pending === null,
          );
          samplesMs.push(performance.now() - paidAt);
        } finally {
          core.close();
        }
      }
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
    results.push({ dialect, samplesMs });
  }
  return results;
}
