import { createCore } from '../../electron/core/core';
import { createKeychainStore } from '../../electron/core/secrets';

// A counter that books as fast as it can until it is killed: the crash test's victim.
const dataDir = process.env.PACKDESK_DATA_DIR as string;
const service = { url: process.env.SERVICE_URL as string, testKey: process.env.SERVICE_TEST_KEY as string, liveKey: process.env.SERVICE_LIVE_KEY as string };
const core = createCore({ dataDir, secrets: createKeychainStore('Packdesk-crash'), version: 'crash', builtInService: () => service, connectivityIntervalMs: 600_000, retry: { maxAttempts: 3, initialDelayMs: 10, maxDelayMs: 40, maxRetryAfterMs: 1000 } });
await core.start();
const cards = ['pm_card_visa', 'pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_mastercard'];
const packages = await core.engine.search('');
for (let round = 0; ; round += 1) {
  const entry = packages[round % packages.length];
  if (!entry) break;
  const property = entry.properties[0] as { id: number; name: string };
  const offset = 30 + ((round * 7 + Number(process.pid)) % 200);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  try {
    const quote = await core.engine.price({ packageId: entry.id, packageTitle: entry.title, propertyId: property.id, propertyName: property.name, checkIn: day(offset), checkOut: day(offset + 2), adults: 2 });
    if (!quote.available) continue;
    const hold = await core.engine.startHold(quote, [40, 41]);
    const booking = await core.engine.prebook(hold.holdId, { name: 'Crash', surname: `Test${round}`, email: `crash${round}@example.com` });
    await core.engine.pay(booking.id, cards[round % cards.length] as string).catch(() => undefined);
    if (round % 5 === 0) await core.engine.cancel(booking.id, 'crash test').catch(() => undefined);
    console.log(JSON.stringify({ round, booking: booking.id }));
  } catch (error) {
    console.log(JSON.stringify({ round, error: String(error) }));
  }
}
