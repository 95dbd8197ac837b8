import { Suspense, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Center, Loader } from '@mantine/core';
import { defineMessages, PRODUCT_NAME } from '../../shared/i18n/messages';
import type { Message } from '../../shared/i18n/messages';
import { AppFrame } from './components/AppFrame';
import { AuditBrokenNotice } from './components/AuditBrokenNotice';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FocusOnArrival } from './components/FocusOnArrival';
import { canTakeFocus, firstControlIn, focusIsLost } from './components/focus';
import { ScreenLoading } from './components/ScreenLoading';
import { ShortcutsOverlay } from './components/ShortcutsOverlay';
import { useMainCall, useMainEvent } from './hooks/use-main-call';
import { startNewBooking, useShortcuts } from './components/use-shortcuts';
import { useIdleLock } from './components/use-idle-lock';
import { BookingsScreen, preloadScreens, SettingsScreen, TodayScreen, TrainerScreen, Voucher } from './screens/lazy-screens';
import { NewBookingScreen } from './screens/NewBookingScreen';
import { ApprovalDialog } from './screens/people/ApprovalDialog';
import { SignInScreen } from './screens/people/SignInScreen';
import { useLanguage } from './i18n/language-store';
import { useAgency } from './stores/agency-store';
import { useActiveProfile, useAppStore } from './stores/app-store';
import type { Screen } from './stores/app-store';
import { usePeople, useSignInShown } from './stores/people-store';
import { useBookingEvents } from './stores/use-booking-events';

const words = defineMessages({
  starting: { id: 'app.starting', defaultMessage: 'Starting {product}' },
});

const LOADING_LABELS: Record<Screen | 'voucher', Message> = defineMessages({
  'new-booking': { id: 'app.loading.newBooking', defaultMessage: 'Loading New booking' },
  bookings: { id: 'app.loading.bookings', defaultMessage: 'Loading Bookings' },
  today: { id: 'app.loading.today', defaultMessage: 'Loading Today' },
  settings: { id: 'app.loading.settings', defaultMessage: 'Loading Settings' },
  trainer: { id: 'app.loading.trainer', defaultMessage: 'Loading the trainer' },
  voucher: { id: 'app.loading.voucher', defaultMessage: 'Loading the voucher' },
});

export function App() {
  const intl = useIntl();
  const { loaded, screen, refresh, setOnline, show, voucherBookingId, activeProfileId } = useAppStore();
  const { run: start, error: startError } = useMainCall();
  const training = useActiveProfile()?.kind === 'training';
  const signInShown = useSignInShown();
  const peopleLoaded = usePeople((state) => state.session !== null);
  useShortcuts();
  useBookingEvents();
  useIdleLock();

  useEffect(() => {
    void start(() => Promise.all([refresh(), usePeople.getState().load()]));
    // The agency's status only adds to the frame: a failed read leaves it hidden until the next event.
    useAgency
      .getState()
      .load()
      .catch(() => undefined);
  }, [start, refresh]);
  useMainEvent('event:connectivity-change', ({ online }) => setOnline(online));
  useMainEvent('event:agency-change', (status) => useAgency.getState().set(status));
  useMainEvent('event:people-change', (session) => {
    usePeople.getState().setSession(session);
    // Another agent at the counter may work in another language.
    void useLanguage.getState().follow();
  });
  useMainEvent('event:approval-asked', ({ channel, target, message }) => usePeople.getState().askApproval(channel, target, message));
  useMainEvent('event:profiles-change', () => void refresh());
  useMainEvent('event:audit-verdict', (verdict) => useAppStore.getState().setAudit(verdict));
  useMainEvent('event:navigate', ({ screen: next }) => (next === 'new-booking' ? startNewBooking() : show(next)));

  // The control the agent was on in the counter's screens: the focus goes back there after a sign-in or unlock.
  // At the first sign-in, the agent was on nothing yet: the screen's first control, not the page's body.
  const lastFocused = useRef<HTMLElement | null>(null);
  const counterWork = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (signInShown) return;
    if (canTakeFocus(lastFocused.current)) lastFocused.current.focus();
    else if (focusIsLost()) {
      const screenPart = counterWork.current?.querySelector('main') ?? counterWork.current;
      if (screenPart) firstControlIn(screenPart)?.focus();
    }
  }, [signInShown]);

  useEffect(() => {
    // Whether the counter asks who is working depends on the profile in use.
    if (activeProfileId !== null)
      usePeople
        .getState()
        .load()
        .catch(() => undefined);
  }, [activeProfileId]);

  useEffect(() => {
    // Once the first screen is drawn: the rest of the app's code, so it is there before it is asked for.
    if (loaded) preloadScreens();
  }, [loaded]);

  if (startError) {
    return (
      <Center h="100vh" p="xl">
        <Alert color="red" title={startError.message} maw={560}>
          {startError.hint}
        </Alert>
      </Center>
    );
  }
  if (!loaded || !peopleLoaded) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label={intl.formatMessage(words.starting, { product: PRODUCT_NAME })} />
      </Center>
    );
  }
  const shown = `${screen}:${voucherBookingId ?? ''}`;
  return (
    <>
      {/* Nobody working where the counter asks who is, or a step asked for a sign-in: the sign-in in place
          of the counter, whose screens stay as they were behind it, hidden and out of reach, until it is done. */}
      {signInShown && <SignInScreen />}
      <div
        hidden={signInShown}
        inert={signInShown}
        data-testid="counter-work"
        ref={counterWork}
        onFocus={(event) => {
          if (event.target instanceof HTMLElement) lastFocused.current = event.target;
        }}
      >
        <AppFrame>
          <AuditBrokenNotice />
          <ErrorBoundary resetKey={shown}>
            {/* One boundary per screen, so a screen that loads always starts from its loading state. */}
            <Suspense
              key={shown}
              fallback={<ScreenLoading label={intl.formatMessage(LOADING_LABELS[voucherBookingId !== null ? 'voucher' : screen])} />}
            >
              <FocusOnArrival>
                {voucherBookingId !== null ? (
                  <Voucher bookingId={voucherBookingId} />
                ) : (
                  <>
                    {screen === 'new-booking' && <NewBookingScreen />}
                    {screen === 'bookings' && <BookingsScreen />}
                    {screen === 'today' && <TodayScreen />}
                    {screen === 'settings' && <SettingsScreen />}
                    {screen === 'trainer' && training && <TrainerScreen />}
                  </>
                )}
              </FocusOnArrival>
            </Suspense>
          </ErrorBoundary>
          <ShortcutsOverlay />
          <ApprovalDialog />
        </AppFrame>
      </div>
    </>
  );
}
