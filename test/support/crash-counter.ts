import { createHash } from 'node:crypto';
import { createCore } from '../../electron/core/core';
import { QUICK_RETRY, childCounterCoreOptions } from './counter-core';
import { drawStay, priceStay } from './stays';

// The crash test's victim: a counter that books as fast as it can until it is SIGKILLed. What each
// round does (stay, card, cancel or not) comes from CRASH_SEED, the life and the round, so a seed
// plays the same bookings on every run; only where in a round the kill lands depends on the machine.
const env = process.env;
const seed = Number(env.CRASH_SEED);
const life = Number(env.CRASH_LIFE);
const core = createCore({ ...childCounterCoreOptions({ keychainService: 'Packdesk-crash', version: 'crash' }), retry: QUICK_RETRY });
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
for (let round = 0; ; round += 1) {
  const random = seededDraws(seed, life, round);
  const stay = drawStay(random, packages, { days: [30, 330], nights: [1, 5] });
  const card = CARDS[Math.floor(random() * CARDS.length)] as string;
  const cancel = random() < 0.2;
  try {
    const quote = await priceStay(core, stay);
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
