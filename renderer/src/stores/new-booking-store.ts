import { create } from 'zustand';
import type { BookingRecord, Hold, Quote } from '../../../shared/bookings';
import type { ChannelOutput } from '../../../shared/ipc';
import { BridgeError, call, describeError } from '../bridge';

export type Step = 'search' | 'stay' | 'traveler' | 'review' | 'payment' | 'confirmation';
export const STEPS: { step: Step; label: string }[] = [
  { step: 'search', label: 'Package' },
  { step: 'stay', label: 'Stay & price' },
  { step: 'traveler', label: 'Traveler' },
  { step: 'review', label: 'Review & hold' },
  { step: 'payment', label: 'Payment' },
  { step: 'confirmation', label: 'Confirmation' },
];

type Failure = { message: string; hint: string } | null;
type PackageSummary = ChannelOutput<'packages:search'>[number];
export type Choice = { packageId: number; packageTitle: string; propertyId: number; propertyName: string };
export type PaymentState =
  | { state: 'idle' }
  | { state: 'paying' }
  | { state: 'card-window' }
  | { state: 'authenticating' }
  | { state: 'authentication-failed' };

interface NewBookingState {
  step: Step;
  query: string;
  results: PackageSummary[];
  searching: boolean;
  choice: Choice | null;
  checkIn: string | null;
  checkOut: string | null;
  adults: number;
  quote: Quote | null;
  holder: { name: string; surname: string; email: string };
  ages: string[];
  clientReference: string;
  hold: Hold | null;
  booking: BookingRecord | null;
  payment: PaymentState;
  busy: boolean;
  error: Failure;

  goTo(step: Step): void;
  back(): void;
  reset(): void;
  clearError(): void;
  search(query: string): Promise<void>;
  choose(choice: Choice): void;
  setStay(stay: Partial<Pick<NewBookingState, 'checkIn' | 'checkOut' | 'adults'>>): void;
  price(): Promise<void>;
  setHolder(holder: Partial<NewBookingState['holder']>): void;
  setAge(index: number, age: string): void;
  setClientReference(reference: string): void;
  startHold(): Promise<void>;
  prebook(): Promise<void>;
  /** Pays with a test payment method (training and test-mode rehearsal). */
  pay(paymentMethodId: string): Promise<void>;
  /** Opens the secure card window and pays with what it returns. */
  payByCard(): Promise<void>;
  /** Opens the 3-D Secure window again for a booking waiting for it. */
  authenticate(): Promise<void>;
  bookingChanged(booking: BookingRecord): void;
  /** Opens the payment step for a booking held earlier. */
  resumePayment(booking: BookingRecord): void;
}

const ORDER = STEPS.map((entry) => entry.step);
const INITIAL = {
  step: 'search' as Step,
  query: '',
  results: [] as PackageSummary[],
  searching: false,
  choice: null,
  checkIn: null,
  checkOut: null,
  adults: 2,
  quote: null,
  holder: { name: '', surname: '', email: '' },
  ages: ['', ''],
  clientReference: '',
  hold: null,
  booking: null,
  payment: { state: 'idle' } as PaymentState,
  busy: false,
  error: null,
};

let searchSequence = 0;

/** The guided new-booking flow: every field typed is kept when stepping back. */
export const useNewBooking = create<NewBookingState>((set, get) => {
  /** Runs one step's call, keeping the screen's busy and error state. */
  async function run(work: () => Promise<void>): Promise<void> {
    set({ busy: true, error: null });
    try {
      await work();
    } catch (caught) {
      set({ error: describeError(caught) });
      // The answer was lost: show the booking as the ledger has it now (its write still being checked).
      const booking = get().booking;
      if (booking && caught instanceof BridgeError && caught.code === 'outcome_unknown') {
        const fresh = await call('history:get', { bookingId: booking.id }).catch(() => null);
        // While the write is being checked the payment step says so in its place; one message, not two.
        if (fresh?.booking.inFlight) set({ error: null });
        if (fresh) get().bookingChanged(fresh.booking);
      }
    } finally {
      set({ busy: false });
    }
  }

  /** 3-D Secure in its own window; the booking stays held if it fails or is closed. */
  async function authenticateNow(): Promise<void> {
    const { booking } = get();
    if (!booking) return;
    set({ payment: { state: 'authenticating' } });
    try {
      const outcome = await call('payment:authenticate', { bookingId: booking.id });
      set({ booking: outcome.booking, step: 'confirmation', payment: { state: 'idle' } });
    } catch (caught) {
      set({ payment: { state: 'authentication-failed' } });
      throw caught;
    }
  }

  return {
    ...INITIAL,
    goTo: (step) => set({ step, error: null }),
    back: () => {
      const { step, booking } = get();
      // Once held, the booking exists: going back would suggest it can be undone by stepping back.
      if (booking && (step === 'payment' || step === 'confirmation')) return;
      const index = ORDER.indexOf(step);
      if (index > 0) set({ step: ORDER[index - 1] as Step, error: null });
    },
    reset: () => set({ ...INITIAL }),
    clearError: () => set({ error: null }),

    search: async (query) => {
      set({ query });
      const sequence = ++searchSequence;
      if (!query.trim()) {
        set({ results: [], searching: false });
        return;
      }
      set({ searching: true });
      try {
        const results = await call('packages:search', { title: query });
        if (sequence === searchSequence) set({ results, error: null });
      } catch (caught) {
        if (sequence === searchSequence) set({ error: describeError(caught) });
      } finally {
        if (sequence === searchSequence) set({ searching: false });
      }
    },

    choose: (choice) => {
      const previous = get().choice;
      const changed = previous?.propertyId !== choice.propertyId;
      set({ choice, step: 'stay', error: null, ...(changed ? { quote: null, hold: null } : {}) });
    },

    setStay: (stay) => set({ ...stay, quote: null, hold: null }),

    price: () =>
      run(async () => {
        const { choice, checkIn, checkOut, adults } = get();
        if (!choice || !checkIn || !checkOut) return;
        const quote = await call('booking:price', { ...choice, checkIn, checkOut, adults });
        set((state) => ({ quote, ages: Array.from({ length: adults }, (_, index) => state.ages[index] ?? '') }));
      }),

    setHolder: (holder) => set((state) => ({ holder: { ...state.holder, ...holder } })),
    setAge: (index, age) => set((state) => ({ ages: state.ages.map((current, position) => (position === index ? age : current)) })),
    setClientReference: (clientReference) => set({ clientReference }),

    startHold: () =>
      run(async () => {
        const { quote, ages } = get();
        if (!quote?.available) return;
        const hold = await call('booking:hold', { quote, paxAges: ages.map(Number) });
        set({ hold, step: 'review' });
      }),

    prebook: () =>
      run(async () => {
        const { hold, holder } = get();
        if (!hold) return;
        try {
          const booking = await call('booking:prebook', { holdId: hold.holdId, holder });
          set({ booking, step: 'payment', hold: null });
        } catch (caught) {
          // A changed price renews the hold on the main side; the review shows the new one after pricing again.
          if ((caught as { code?: string }).code === 'price_changed' || (caught as { code?: string }).code === 'hold_not_found') set({ hold: null, quote: null, step: 'stay' });
          throw caught;
        }
      }),

    pay: (paymentMethodId) =>
      run(async () => {
        const { booking, clientReference } = get();
        if (!booking) return;
        set({ payment: { state: 'paying' } });
        try {
          const outcome = await call('booking:pay', { bookingId: booking.id, paymentMethodId, ...(clientReference.trim() ? { clientReference } : {}) });
          set({ booking: outcome.booking });
          if (outcome.kind === 'booked') set({ step: 'confirmation', payment: { state: 'idle' } });
          else await authenticateNow();
        } catch (caught) {
          if (get().payment.state === 'paying') set({ payment: { state: 'idle' } });
          throw caught;
        }
      }),

    payByCard: () =>
      run(async () => {
        const { booking, clientReference } = get();
        if (!booking) return;
        set({ payment: { state: 'card-window' } });
        try {
          const outcome = await call('payment:card', { bookingId: booking.id, ...(clientReference.trim() ? { clientReference } : {}) });
          set({ booking: outcome.booking, step: 'confirmation', payment: { state: 'idle' } });
        } catch (caught) {
          const code = (caught as { code?: string }).code;
          set({ payment: { state: code === 'authentication_closed' || code === 'authentication_failed' ? 'authentication-failed' : 'idle' } });
          throw caught;
        }
      }),

    authenticate: () => run(authenticateNow),

    resumePayment: (booking) => set({ ...INITIAL, booking, step: 'payment' }),

    bookingChanged: (booking) => {
      const state = get();
      if (state.booking?.id !== booking.id) return;
      const settled = state.booking.inFlight === 'book' && booking.inFlight === null;
      if (state.step === 'payment' && booking.inFlight === null && booking.bookingReference !== null && booking.status !== 'Pending') {
        // The payment whose answer was lost went through: the service has shown it.
        set({ booking, step: 'confirmation', error: null });
      } else if (settled && booking.status === 'Pending') {
        set({ booking, error: { message: 'The service shows the booking still held and unpaid: the payment did not go through and nothing was charged.', hint: 'Take the payment again when the traveler is ready.' } });
      } else {
        set({ booking });
      }
    },
  };
});
