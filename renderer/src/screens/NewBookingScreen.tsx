import { Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { ErrorNotice } from '../components/ErrorNotice';
import { escapeTaken } from '../components/escape-taken';
import { FocusOnArrival } from '../components/FocusOnArrival';
import { ScreenLoading } from '../components/ScreenLoading';
import { shortcutKey, useShortcutKeys } from '../components/use-shortcuts';
import { useAppStore } from '../stores/app-store';
import { failureText, STEPS, useNewBooking } from '../stores/new-booking-store';
import { ConfirmationStep, PaymentStep, ReviewStep, StayStep, TravelerStep } from './new-booking/lazy-steps';
import { SearchStep } from './new-booking/SearchStep';

const words = defineMessages({
  title: { id: 'newBooking.title', defaultMessage: 'New booking' },
  keys: {
    id: 'newBooking.keys',
    defaultMessage: '{forward} moves on, {back} steps back; what you typed is kept.',
  },
  startNew: { id: 'newBooking.startNew', defaultMessage: 'Start a new booking' },
  steps: { id: 'newBooking.steps', defaultMessage: 'Booking steps' },
  offline: { id: 'newBooking.offline', defaultMessage: 'The booking service is offline.' },
  offlineHint: {
    id: 'newBooking.offline.hint',
    defaultMessage: 'You can search the history in Bookings; holds and payments wait until the indicator shows Online.',
  },
  loadingStep: { id: 'newBooking.loadingStep', defaultMessage: 'Loading {step}' },
  loadingNextStep: { id: 'newBooking.loadingNextStep', defaultMessage: 'Loading the next step' },
  discardTitle: { id: 'newBooking.discard.title', defaultMessage: 'Start a new booking?' },
  discardText: { id: 'newBooking.discard.text', defaultMessage: 'What you typed for this booking is discarded.' },
  discardTextHeld: {
    id: 'newBooking.discard.text.held',
    defaultMessage:
      'What you typed for this booking is discarded. The hold already made ({reference}) stays in Bookings, where it can be paid later.',
  },
  keep: { id: 'newBooking.discard.keep', defaultMessage: 'Keep this one' },
});

/** The guided flow from search to a booking reference. Enter moves forward, Escape steps back. */
export function NewBookingScreen() {
  const intl = useIntl();
  const { step, back, error, clearError, reset, booking, askingToDiscard, answerDiscard } = useNewBooking();
  const online = useAppStore((state) => state.online);
  const active = STEPS.findIndex((entry) => entry.step === step);
  const activeStep = STEPS[active];

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
          <Title order={2}>
            <FormattedMessage {...words.title} />
          </Title>
          <Text c="dimmed">
            {intl.formatMessage(words.keys, { forward: shortcutKey('flow-forward', intl), back: shortcutKey('flow-back', intl) })}
          </Text>
        </div>
        {(step !== 'search' || booking) && (
          <Button variant="subtle" onClick={reset}>
            <FormattedMessage {...words.startNew} />
          </Button>
        )}
      </Group>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={intl.formatMessage(words.steps)}>
        {STEPS.map((entry) => (
          <Stepper.Step key={entry.step} label={intl.formatMessage(entry.label)} />
        ))}
      </Stepper>
      {!online && <ErrorNotice error={{ message: intl.formatMessage(words.offline), hint: intl.formatMessage(words.offlineHint) }} />}
      <ErrorNotice
        error={error && { ...error, message: failureText(intl, error.message), hint: failureText(intl, error.hint) }}
        onClose={clearError}
      />
      <Suspense
        key={step}
        fallback={
          <ScreenLoading
            label={
              activeStep
                ? intl.formatMessage(words.loadingStep, { step: intl.formatMessage(activeStep.label) })
                : intl.formatMessage(words.loadingNextStep)
            }
          />
        }
      >
        <FocusOnArrival>
          {step === 'search' && <SearchStep />}
          {step === 'stay' && <StayStep />}
          {step === 'traveler' && <TravelerStep />}
          {step === 'review' && <ReviewStep />}
          {step === 'payment' && <PaymentStep />}
          {step === 'confirmation' && <ConfirmationStep />}
        </FocusOnArrival>
      </Suspense>
      <Modal opened={askingToDiscard} onClose={() => answerDiscard(false)} title={intl.formatMessage(words.discardTitle)} centered>
        <Stack gap="md">
          <Text>
            {booking
              ? intl.formatMessage(words.discardTextHeld, { reference: booking.clientReference })
              : intl.formatMessage(words.discardText)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answerDiscard(false)}>
              <FormattedMessage {...words.keep} />
            </Button>
            <Button data-autofocus onClick={() => answerDiscard(true)}>
              <FormattedMessage {...words.startNew} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
