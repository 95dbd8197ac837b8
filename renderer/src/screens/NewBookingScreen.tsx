import { Suspense } from 'react';
import { Button, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { ErrorNotice } from '../components/ErrorNotice';
import { escapeTaken } from '../components/escape-taken';
import { FocusOnArrival } from '../components/FocusOnArrival';
import { ScreenLoading } from '../components/ScreenLoading';
import { shortcutKey, useShortcutKeys } from '../components/use-shortcuts';
import { useAppStore } from '../stores/app-store';
import { STEPS, useNewBooking } from '../stores/new-booking-store';
import { ConfirmationStep, PaymentStep, ReviewStep, StayStep, TravelerStep } from './new-booking/lazy-steps';
import { SearchStep } from './new-booking/SearchStep';

/** The guided flow from search to a booking reference. Enter moves forward, Escape steps back. */
export function NewBookingScreen() {
  const { step, back, error, clearError, reset, booking, askingToDiscard, answerDiscard } = useNewBooking();
  const online = useAppStore((state) => state.online);
  const active = STEPS.findIndex((entry) => entry.step === step);

  useShortcutKeys(
    [
      [
        'flow-back',
        (event) => {
          // An open dropdown or dialog closes first.
          if (escapeTaken(event)) return;
          back();
        },
        { preventDefault: false },
      ],
    ],
    { inTextFields: true },
  );

  return (
    <Stack maw={980} gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>New booking</Title>
          <Text c="dimmed">{`${shortcutKey('flow-forward')} moves on, ${shortcutKey('flow-back')} steps back; what you typed is kept.`}</Text>
        </div>
        {(step !== 'search' || booking) && (
          <Button variant="subtle" onClick={reset}>
            Start a new booking
          </Button>
        )}
      </Group>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label="Booking steps">
        {STEPS.map((entry) => (
          <Stepper.Step key={entry.step} label={entry.label} />
        ))}
      </Stepper>
      {!online && (
        <ErrorNotice
          error={{
            message: 'The booking service is offline.',
            hint: 'You can search the history in Bookings; holds and payments wait until the indicator shows Online.',
          }}
        />
      )}
      <ErrorNotice error={error} onClose={clearError} />
      <Suspense key={step} fallback={<ScreenLoading label={`Loading ${STEPS[active]?.label ?? 'the next step'}`} />}>
        <FocusOnArrival>
          {step === 'search' && <SearchStep />}
          {step === 'stay' && <StayStep />}
          {step === 'traveler' && <TravelerStep />}
          {step === 'review' && <ReviewStep />}
          {step === 'payment' && <PaymentStep />}
          {step === 'confirmation' && <ConfirmationStep />}
        </FocusOnArrival>
      </Suspense>
      <Modal opened={askingToDiscard} onClose={() => answerDiscard(false)} title="Start a new booking?" centered>
        <Stack gap="md">
          <Text>
            What you typed for this booking is discarded.
            {booking ? ` The hold already made (${booking.clientReference}) stays in Bookings, where it can be paid later.` : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answerDiscard(false)}>
              Keep this one
            </Button>
            <Button data-autofocus onClick={() => answerDiscard(true)}>
              Start a new booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
