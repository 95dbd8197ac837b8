import { createCore } from '../../electron/core/core';
import { PATIENT_RETRY, childCounterCoreOptions } from '../../test/support/counter-core';
import { daysFromNow, drawStay, priceStay } from '../../test/support/stays';
import { seenRecorder } from './attention-seen';
import { seededRandom } from './seeded-random';

// One counter of the soak: books until its ledger holds TARGET bookings (killed and restarted on the
// way), or, with SETTLE=1, only lets its reconciler settle everything, then exits. Each try is one
// intended sale, named by its holder's e-mail (counter, life and try): the comparison matches the
// ledger's rows and the service's bookings by it (compare.ts).
const env = process.env;
const core = createCore({
  ...childCounterCoreOptions({ keychainService: 'Packdesk-soak', version: 'soak' }),
  reconcilerTickMs: 50,
  requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS),
  doubtWindowMs: Number(env.DOUBT_WINDOW_MS),
  retry: PATIENT_RETRY,
});
await core.start();
const countRows = () => core.ledger.list({ profileId: 1, limit: 1 }).total;

if (env.SETTLE === '1') {
  const deadline = Date.now() + Number(env.SETTLE_MS);
  while (Date.now() < deadline && (core.ledger.openIntents().length > 0 || core.ledger.unsettledCount() > 0)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  core.close();
  process.exit(0);
}

const target = Number(env.TARGET);
const counter = Number(env.COUNTER);
/** Which start of this counter this is (0 first): with the try, it makes every sale's name unique. */
const life = Number(env.LIFE);
const packages = await core.engine.search('');
// The driver's kill clock starts now: every life books for a while, however slowly the machine starts it.
process.stdout.write('ready\n');
const ignore = () => undefined;
// What the agent saw (attention-seen.ts): a flag asking for an outcome its call returned is a defect.
const saw = seenRecorder(env.PACKDESK_DATA_DIR as string);

async function threeDSecure(challengeUrl: string | null, outcome: 'approve' | 'fail'): Promise<void> {
  if (!challengeUrl) return;
  const url = new URL(challengeUrl);
  await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: url.searchParams.get('client_secret') ?? '', outcome }),
  });
}

for (let made = countRows(), attempt = 0; made < target; made = countRows(), attempt += 1) {
  // The same try of the same counter always plays the same part.
  const random = seededRandom(Number(env.SEED), counter, made, attempt);
  const stay = drawStay(random, packages, { days: [20, 320], nights: [2, 5] });
  try {
    const quote = await priceStay(core, stay);
    if (!quote.available) continue;
    const hold = await core.engine.startHold(quote, [35, 36]);
    const booking = await core.engine.prebook(hold.holdId, {
      name: 'Soak',
      surname: `Counter${counter}`,
      // Letters between the numbers: no run of digits that could read as a card number.
      email: `soak${counter}-life${life}-try${attempt}@example.com`,
    });
    saw(booking.id, 'prebook');
    const part = random();
    if (part < 0.1) continue; // an abandoned hold
    if (part < 0.25)
      await core.payments.payWith(booking.id, 'pm_card_chargeDeclined').then(() => {
        saw(booking.id, 'book');
      }, ignore);
    let paid = await core.payments.payWith(booking.id, part < 0.45 ? 'pm_card_threeDSecure2Required' : 'pm_card_visa');
    saw(booking.id, 'book');
    if (paid.kind === 'requires_action') {
      const fails = part < 0.3;
      await threeDSecure(paid.challengeUrl, fails ? 'fail' : 'approve');
      paid = await core.payments
        .completeAuthentication(booking.id, paid.paymentIntentId)
        .catch(async () => core.payments.payWith(booking.id, 'pm_card_visa'));
      saw(booking.id, 'book');
    }
    const after = random();
    if (after < 0.15) {
      await core.engine.cancel(booking.id, 'Traveler changed plans');
      saw(booking.id, 'cancel');
    } else if (after < 0.35) {
      // Wait for Paid, then shorten the stay by a night (a cheaper change, refunded).
      for (let wait = 0; wait < 40 && core.ledger.get(booking.id)?.status !== 'Paid'; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const change = { bookingId: booking.id, dates: { checkIn: quote.checkIn, checkOut: daysFromNow(stay.inDays + stay.nights - 1) } };
      await core.engine.previewChange(change);
      await core.engine.confirmChange(change);
      saw(booking.id, 'modification');
    }
  } catch (error) {
    if (env.SOAK_DEBUG) console.error(String(error));
    // The agent moves on to the next traveler; the reconciler settles what was left in doubt.
  }
}
core.close();
process.exit(0);
