import { useEffect, useState } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { describeError } from './bridge';
import { AppFrame } from './components/AppFrame';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ShortcutsOverlay } from './components/ShortcutsOverlay';
import { useShortcuts } from './components/use-shortcuts';
import { BookingsScreen } from './screens/BookingsScreen';
import { Voucher } from './screens/Voucher';
import { NewBookingScreen } from './screens/NewBookingScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { useAppStore } from './stores/app-store';
import { useBookingEvents } from './stores/use-booking-events';

export function App() {
  const { loaded, screen, refresh, setOnline, show, voucherBookingId } = useAppStore();
  const [startError, setStartError] = useState<ReturnType<typeof describeError> | null>(null);
  useShortcuts();
  useBookingEvents();

  useEffect(() => {
    refresh().catch((error: unknown) => setStartError(describeError(error)));
    const unsubscribers = [
      window.packdesk.on('event:connectivity-change', ({ online }) => setOnline(online)),
      window.packdesk.on('event:profiles-change', () => void refresh()),
      window.packdesk.on('event:navigate', ({ screen: next }) => show(next)),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }, [refresh, setOnline, show]);

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
  return (
    <AppFrame>
      <ErrorBoundary resetKey={`${screen}:${voucherBookingId ?? ''}`}>
        {voucherBookingId !== null ? (
          <Voucher bookingId={voucherBookingId} />
        ) : (
          <>
            {screen === 'new-booking' && <NewBookingScreen />}
            {screen === 'bookings' && <BookingsScreen />}
            {screen === 'settings' && <SettingsScreen />}
          </>
        )}
      </ErrorBoundary>
      <ShortcutsOverlay />
    </AppFrame>
  );
}
