import { create } from 'zustand';
import type { IntlShape } from 'react-intl';
import type { BookingRecord, Hold, Quote } from '../../../shared/bookings';
import type { ChannelOutput, PaymentStep } from '../../../shared/ipc';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import { BridgeError, call, describeError } from '../bridge';

const STEP_WORDS = defineMessages({
  search: { id: 'newBooking.step.search', defaultMessage: 'Package' },
  stay: { id: 'newBooking.step.stay', defaultMessage: 'Stay & price' },
  traveler: { id: 'newBooking.step.traveler', defaultMessage: 'Traveler' },
  review: { id: 'newBooking.step.review', defaultMessage: 'Review & hold' },
  payment: { id: 'newBooking.step.payment', defaultMessage: 'Payment' },
  confirmation: { id: 'newBooking.step.confirmation', defaultMessage: 'Confirmation' },
});

const words = defineMessages({
  notPaid: {
    id: 'newBooking.error.notPaid',
    defaultMessage: 'The service shows the booking still held and unpaid: the payment did not go through and nothing was charged.',
  },
  notPaidHint: { id: 'newBooking.error.notPaid.hint', defaultMessage: 'Take the payment again when the traveler is ready.' },
});

export type Step = 'search' | 'stay' | 'traveler' | 'review' | 'payment' | 'confirmation';
export const STEPS: { step: Step; label: Message }[] = [
  { step: 'search', label: STEP_WORDS.search },
  { step: 'stay', label: STEP_WORDS.stay },
  { step: 'traveler', label: STEP_WORDS.traveler },
  { step: 'review', label: STEP_WORDS.review },
  { step: 'payment', label: STEP_WORDS.payment },
  { step: 'confirmation', label: STEP_WORDS.confirmation },
];

/**
 * What went wrong, for the screen to show: the main process's words as they came, or the flow's own
 * (a message in the catalogs, which the screen formats in the agent's language).
 */
export type FailureWords = string | Message;
type Failure = { message: FailureWords; hint: FailureWords; fields?: readonly string[] } | null;

/** A failure's words as the screen shows them. */
export const failureText = (intl: IntlShape, words: FailureWords): string =>
  typeof words === 'string' ? words : intl.formatMessage(words);

/** A refusal that names the guests (`items[0].paxes`, `paxes[1].age`): the traveler step, where their ages are typed, shows it. */
export const namesGuests = (failure: Failure) => failure?.fields?.some((field) => /pax/i.test(field)) ?? false;
type PackageSummary = ChannelOutput<'packages:search'>[number];
export type Choice = { packageId: number; packageTitle: string; propertyId: number; propertyName: string };
export type PaymentState =
  | { state: 'idle' }
  /** Main is running the payment; the step comes from its progress events. */
  | { state: 'working'; step: PaymentStep }
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
  /** The price shown before the agent changed the stay: Enter then prices again and moves on, showing both. */
  repricedFrom: Extract<Quote, { available: true }> | null;
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
  /** A new booking: at once after a finished one; one in progress is asked about first (kept, or discarded). */
  startNew(): void;
  /** Set while the agent is asked whether to discard the booking in progress. */
  askingToDiscard: boolean;
  focusSearch: number;
  answerDiscard(discard: boolean): void;
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
  /** Pays: with a test payment method (training and test-mode rehearsal), else through the secure card window. */
  pay(paymentMethodId?: string): Promise<void>;
  /** Finishes the 3-D Secure left unfinished on the booking: the same payment, charged once at most. */
  continueAuthentication(): Promise<void>;
  /** Main's word on where the payment is. */
  paymentProgress(bookingId: number, step: PaymentStep): void;
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
  repricedFrom: null,
  holder: { name: '', surname: '', email: '' },
  ages: ['', ''],
  clientReference: '',
  hold: null,
  booking: null,
  payment: { state: 'idle' } as PaymentState,
  busy: false,
  error: null,
  askingToDiscard: false,
  /** Bumped to bring the focus back to the search box. */
  focusSearch: 0,
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

  /** One payment run in main; the screen follows its progress events. */
  function payNow(how: { paymentMethodId?: string; continueAuthentication?: boolean }): Promise<void> {
    return run(async () => {
      const { booking, clientReference } = get();
      if (!booking) return;
      const first: PaymentStep = how.paymentMethodId ? 'charging' : how.continueAuthentication ? 'resuming' : 'card';
      set({ payment: { state: 'working', step: first } });
      try {
        const paid = await call('payments:pay', { bookingId: booking.id, ...how, ...(clientReference.trim() ? { clientReference } : {}) });
        set({ booking: paid, step: 'confirmation', payment: { state: 'idle' } });
      } catch (caught) {
        // The ledger knows whether 3-D Secure is left to finish; the screen offers it from there.
        const fresh = await call('history:get', { bookingId: booking.id }).catch(() => null);
        if (fresh) get().bookingChanged(fresh.booking);
        // The payment is over and the screen no longer busy, at once: the focus leaves the words that
        // said where it was for Pay, which a still-busy (disabled) Pay could not take.
        set({
          payment: { state: (caught as { code?: string }).code === 'authentication_failed' ? 'authentication-failed' : 'idle' },
          busy: false,
        });
        throw caught;
      }
    });
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
    startNew: () => {
      const { step, focusSearch } = get();
      if (step === 'confirmation') set({ ...INITIAL });
      else if (step === 'search') set({ focusSearch: focusSearch + 1 });
      else set({ askingToDiscard: true });
    },
    answerDiscard: (discard) => set(discard ? { ...INITIAL } : { askingToDiscard: false }),
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
        // The hotels on screen were found for other words: gone, so Enter cannot take one of them.
        if (sequence === searchSequence) set({ error: describeError(caught), results: [] });
      } finally {
        if (sequence === searchSequence) set({ searching: false });
      }
    },

    choose: (choice) => {
      const previous = get().choice;
      const changed = previous?.propertyId !== choice.propertyId;
      set({ choice, step: 'stay', error: null, ...(changed ? { quote: null, repricedFrom: null, hold: null } : {}) });
    },

    setStay: (stay) =>
      set((state) => ({ ...stay, quote: null, hold: null, repricedFrom: state.quote?.available ? state.quote : state.repricedFrom })),

    price: () =>
      run(async () => {
        const { choice, checkIn, checkOut, adults } = get();
        if (!choice || !checkIn || !checkOut) return;
        const quote = await call('bookings:price', { ...choice, checkIn, checkOut, adults });
        // The stay or the hotel was changed while it was priced (a slow service leaves time to): this price is for
        // what is no longer on screen, so it is not shown; Enter prices what is.
        const now = get();
        if (now.choice !== choice || now.checkIn !== checkIn || now.checkOut !== checkOut || now.adults !== adults) return;
        const ages = (state: NewBookingState) => Array.from({ length: adults }, (_, index) => state.ages[index] ?? '');
        // Priced once already: the agent saw a price and asked to change the stay, so Enter goes on with the new one.
        if (get().repricedFrom && quote.available) set((state) => ({ quote, ages: ages(state), step: 'traveler' }));
        else set((state) => ({ quote, ages: ages(state) }));
      }),

    setHolder: (holder) => set((state) => ({ holder: { ...state.holder, ...holder } })),
    setAge: (index, age) => set((state) => ({ ages: state.ages.map((current, position) => (position === index ? age : current)) })),
    setClientReference: (clientReference) => set({ clientReference }),

    startHold: () =>
      run(async () => {
        const { quote, ages, choice, checkIn, checkOut, adults } = get();
        if (!quote?.available) return;
        try {
          const hold = await call('bookings:hold', { quote, paxAges: ages.map(Number) });
          // Stepped back, or a guest's age changed, while it was held: the hold is for what is no longer on screen
          // (it lapses by itself; nothing is booked), so the review does not open on it; Enter holds what is.
          const now = get();
          if (now.step !== 'traveler' || now.quote !== quote || now.ages !== ages) return;
          set({ hold, step: 'review' });
        } catch (caught) {
          // The price rose since it was quoted: the new one is on screen with the refusal, and Enter holds at it.
          if (caught instanceof BridgeError && caught.code === 'price_changed' && choice && checkIn && checkOut) {
            const fresh = await call('bookings:price', { ...choice, checkIn, checkOut, adults }).catch(() => null);
            if (fresh?.available) set({ quote: fresh });
          }
          throw caught;
        }
      }),

    prebook: () =>
      run(async () => {
        const { hold, holder } = get();
        if (!hold) return;
        try {
          const booking = await call('bookings:prebook', { holdId: hold.holdId, holder });
          set({ booking, step: 'payment', hold: null });
        } catch (caught) {
          // A changed price renews the hold on the main side; the review shows the new one after pricing again.
          if ((caught as { code?: string }).code === 'price_changed' || (caught as { code?: string }).code === 'hold_not_found')
            set({ hold: null, quote: null, step: 'stay' });
          // The service refused a guest's age: back where the ages are typed, the refusal on them (a refused prebook made nothing).
          else if (namesGuests(describeError(caught))) set({ hold: null, step: 'traveler' });
          throw caught;
        }
      }),

    pay: (paymentMethodId) => payNow(paymentMethodId ? { paymentMethodId } : {}),
    continueAuthentication: () => payNow({ continueAuthentication: true }),

    paymentProgress: (bookingId, step) => {
      const { booking, payment } = get();
      if (booking?.id === bookingId && payment.state === 'working') set({ payment: { state: 'working', step } });
    },

    resumePayment: (booking) => set({ ...INITIAL, booking, step: 'payment' }),

    bookingChanged: (booking) => {
      const state = get();
      if (state.booking?.id !== booking.id) return;
      // A payment this screen is running tells its own outcome (a first answer asking for 3-D Secure is no refusal);
      // only one whose call came back without an answer, or was left by a restart, is settled by the ledger's word.
      const settled = state.payment.state !== 'working' && state.booking.inFlight === 'book' && booking.inFlight === null;
      if (state.step === 'payment' && booking.inFlight === null && booking.bookingReference !== null) {
        // The payment whose answer was lost went through: the service has shown its reference.
        set({ booking, step: 'confirmation', error: null });
      } else if (settled && booking.bookingReference === null) {
        set({
          booking,
          error: { message: words.notPaid, hint: words.notPaidHint },
        });
      } else {
        set({ booking });
      }
    },
  };
});
