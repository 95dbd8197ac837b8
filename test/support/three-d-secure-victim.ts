import { createCore } from '../../electron/core/core';
import { childCounterCoreOptions } from './counter-core';

// A counter that pays with a card needing 3-D Secure, and is killed while the bank's window is
// open: its window never answers. It prints the booking once the window is up.
const core = createCore({
  ...childCounterCoreOptions({ keychainService: 'Packdesk-3ds-victim', version: 'victim' }),
  paymentWindows: {
    collectCard: () => new Promise(() => undefined),
    authenticate: async () => {
      console.log(JSON.stringify({ window: 'open' }));
      return new Promise(() => undefined);
    },
  },
});
await core.start();
const quote = await core.engine.price(JSON.parse(process.env.STAY as string));
if (!quote.available) throw new Error('stay not available');
const hold = await core.engine.startHold(quote, [40, 41]);
const booking = await core.engine.prebook(hold.holdId, { name: 'Ines', surname: 'Costa', email: 'ines@example.com' });
console.log(JSON.stringify({ booking: booking.id }));
await core.payments.pay(booking.id, { paymentMethodId: process.env.CARD as string });
