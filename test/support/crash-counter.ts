import { createHash } from 'node:crypto';
import { createCore } from '../../electron/core/core';
import { createKeychainStore } from '../../electron/core/secrets';

// The crash test's victim: a counter that books as fast as it can until it is SIGKILLed. What each
// round does (stay, card, cancel or not) comes from CRASH_SEED, the life and the round, so a seed
// plays the same bookings on every run; only where in a round the kill lands depends on the machine.
const env = process.env;
const seed = Number(env.CRASH_SEED);
const life = Number(env.CRASH_LIFE);
const service = { url: env.SERVICE_URL as string, testKey: env.SERVICE_TEST_KEY as string, liveKey: env.SERVICE_LIVE_KEY as string };
const core = createCore({
  dataDir: env.PACKDESK_DATA_DIR as string,
  secrets: createKeychainStore('Packdesk-crash'),
  version: 'crash',
  builtInService: () => service,
  connectivityIntervalMs: 600_000,
  retry: { maxAttempts: 3, initialDelayMs: 10, maxDelayMs: 40, maxRetryAfterMs: 1000 },
});
await core.start();
const packages = await core.engine.search('');
// The test's kill clock starts now, so a slow process start does not eat the life.
process.stdout.write('ready\n');

// Mostly good cards; a decline leaves the booking Pending, 3-D Secure left unanswered leaves it waiting.
const CARDS = ['pm_card_visa', 'pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined', 'pm_card_threeDSecure2Required'];
/** Up to eight numbers in [0, 1), fixed by the parts (a SHA-256 of them): the same on every machine and run. */
function seededDraws(...parts: number[]): () => number {
  const bytes = createHash('sha256').update(parts.join(':')).digest();
  let offset = 0;
  return () => {
    const value = bytes.readUInt32BE(offset) / 2 ** 32;
    offset = (offset + 4) % bytes.length;
    return value;
  };
}
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
for (let round = 0; ; round += 1) {
  const random = seededDraws(seed, life, round);
  const entry = packages[Math.floor(random() * packages.length)];
  if (!entry) throw new Error('the service lists no packages');
  const property = entry.properties[Math.floor(random() * entry.properties.length)] as { id: number; name: string };
  const offset = 30 + Math.floor(random() * 300);
  const nights = 1 + Math.floor(random() * 4);
  const card = CARDS[Math.floor(random() * CARDS.length)] as string;
  const cancel = random() < 0.2;
  try {
    const quote = await core.engine.price({
      packageId: entry.id,
      packageTitle: entry.title,
      propertyId: property.id,
      propertyName: property.name,
      checkIn: day(offset),
      checkOut: day(offset + nights),
      adults: 2,
    });
    if (!quote.available) continue;
    const hold = await core.engine.startHold(quote, [40, 41]);
    const booking = await core.engine.prebook(hold.holdId, {
      name: 'Crash',
      surname: `Life${life}`,
      email: `crash${life}.${round}@example.com`,
    });
    await core.payments.payWith(booking.id, card).catch(() => undefined);
    if (cancel) await core.engine.cancel(booking.id, 'crash test').catch(() => undefined);
    console.log(JSON.stringify({ round, booking: booking.id }));
  } catch (error) {
    console.log(JSON.stringify({ round, error: String(error) }));
  }
}
