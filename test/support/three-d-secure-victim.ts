import { createCore } from '../../electron/core/core';
import { createKeychainStore } from '../../electron/core/secrets';

// A counter that pays with a card needing 3-D Secure, and is killed while the bank's window is
// open: its window never answers. It prints the booking once the window is up.
const service = {
  url: process.env.SERVICE_URL as string,
  testKey: process.env.SERVICE_TEST_KEY as string,
  liveKey: process.env.SERVICE_LIVE_KEY as string,
};
const core = createCore({
  dataDir: process.env.PACKDESK_DATA_DIR as string,
  secrets: createKeychainStore('Packdesk-3ds-victim'),
  version: 'victim',
  builtInService: () => service,
  connectivityIntervalMs: 600_000,
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
