import { Suspense, useEffect, useState } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { describeError } from './bridge';
import { AppFrame } from './components/AppFrame';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FocusOnArrival } from './components/FocusOnArrival';
import { ScreenLoading } from './components/ScreenLoading';
import { ShortcutsOverlay } from './components/ShortcutsOverlay';
import { startNewBooking, useShortcuts } from './components/use-shortcuts';
import { BookingsScreen, preloadScreens, SettingsScreen, TrainerScreen, Voucher } from './screens/lazy-screens';
import { NewBookingScreen } from './screens/NewBookingScreen';
import { useAgency } from './stores/agency-store';
import { useActiveProfile, useAppStore } from './stores/app-store';
import type { Screen } from './stores/app-store';
import { useBookingEvents } from './stores/use-booking-events';

const LOADING_LABELS: Record<Screen | 'voucher', string> = {
  'new-booking': 'Loading New booking',
  bookings: 'Loading Bookings',
  settings: 'Loading Settings',
  trainer: 'Loading the trainer',
  voucher: 'Loading the voucher',
};

export function App() {
  const { loaded, screen, refresh, setOnline, show, voucherBookingId } = useAppStore();
  const [startError, setStartError] = useState<ReturnType<typeof describeError> | null>(null);
  const training = useActiveProfile()?.kind === 'training';
  useShortcuts();
  useBookingEvents();

  useEffect(() => {
    refresh().catch((error: unknown) => setStartError(describeError(error)));
    // The agency's status only adds to the frame: a failed read leaves it hidden until the next event.
    useAgency
      .getState()
      .load()
      .catch(() => undefined);
    const unsubscribers = [
      window.packdesk.on('event:connectivity-change', ({ online }) => setOnline(online)),
      window.packdesk.on('event:agency-change', (status) => useAgency.getState().set(status)),
      window.packdesk.on('event:profiles-change', () => void refresh()),
      window.packdesk.on('event:navigate', ({ screen: next }) => (next === 'new-booking' ? startNewBooking() : show(next))),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [refresh, setOnline, show]);

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
  if (!loaded) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Starting Packdesk" />
      </Center>
    );
  }
  const shown = `${screen}:${voucherBookingId ?? ''}`;
  return (
    <AppFrame>
      <ErrorBoundary resetKey={shown}>
        {/* One boundary per screen, so a screen that loads always starts from its loading state. */}
        <Suspense key={shown} fallback={<ScreenLoading label={LOADING_LABELS[voucherBookingId !== null ? 'voucher' : screen]} />}>
          <FocusOnArrival>
            {voucherBookingId !== null ? (
              <Voucher bookingId={voucherBookingId} />
            ) : (
              <>
                {screen === 'new-booking' && <NewBookingScreen />}
                {screen === 'bookings' && <BookingsScreen />}
                {screen === 'settings' && <SettingsScreen />}
                {screen === 'trainer' && training && <TrainerScreen />}
              </>
            )}
          </FocusOnArrival>
        </Suspense>
      </ErrorBoundary>
      <ShortcutsOverlay />
    </AppFrame>
  );
}
