import { useEffect, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Alert, Button, Card, Divider, Group, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { clientReferenceSchema } from '../../../../shared/bookings';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { TEST_PAYMENT_METHODS } from '../../../../shared/test-payment-methods';
import { focusIsLost } from '../../components/focus';
import { StatusBadge } from '../../components/StatusBadge';
import { useActiveProfile, useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';
import type { PaymentStep as Progress } from '../../../../shared/ipc';

/** What the agent reads while main runs the payment, step by step. */
const PROGRESS_WORDS: Record<Progress, { title: string; text: string }> = {
  card: {
    title: 'The card window is open',
    text: 'Let the traveler enter the card in the secure window. Packdesk never sees the card number.',
  },
  charging: { title: 'Charging the card', text: 'The booking service is taking the payment. Do not take it again.' },
  checking: {
    title: 'Not confirmed yet: checking with the service',
    text: 'The payment’s answer was lost; Packdesk is asking the service whether the card was charged. Do not take it again.',
  },
  authenticating: {
    title: 'The cardholder’s bank asks for 3-D Secure',
    text: 'Let the traveler approve the payment in the bank’s window; Packdesk continues by itself.',
  },
  resuming: {
    title: 'Picking up 3-D Secure',
    text: 'Packdesk is asking the service for the same payment’s bank check, so nothing is charged twice.',
  },
  confirming: { title: 'Paid: waiting for the supplier', text: 'The charge went through; the supplier’s confirmation follows.' },
};

/**
 * Step 5: the held booking is paid, by the secure card window or a test card; 3-D Secure opens its
 * own window. In training the card window is a form of Stripe's test cards, typed as at a counter.
 */
export function PaymentStep() {
  const { booking, clientReference, setClientReference, pay, continueAuthentication, payment, busy } = useNewBooking();
  const profile = useActiveProfile();
  const online = useAppStore((state) => state.online);
  const [card, setCard] = useState<string>(TEST_PAYMENT_METHODS[0].id);
  const progress = useRef<HTMLDivElement>(null);
  const waiting = payment.state === 'working';
  // The payment is out at the service: while this screen's own call runs it is on its way (however slow), until
  // main says its answer was lost; after a call that came back without an answer, or a restart, it is being found out.
  const answerLost = payment.state === 'working' && payment.step === 'checking';
  const checking = booking?.inFlight === 'book' && (!waiting || answerLost);
  // The Pay button is disabled while the payment runs: the focus goes to the words saying where it is, not to the page.
  const payButton = useRef<HTMLButtonElement>(null);
  const cardButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (waiting || checking) progress.current?.focus();
    // The words held the focus and are gone (an outcome came): the next key goes to paying again, not nowhere.
    else if (focusIsLost()) (payButton.current ?? cardButton.current)?.focus();
  }, [waiting, checking]);
  if (!booking || !profile) return null;

  const referenceCheck = clientReferenceSchema.safeParse(clientReference);
  const referenceError = referenceCheck.success ? null : (referenceCheck.error.issues[0]?.message ?? null);
  const canUseTestCards = profile.kind !== 'live';
  const canUseCardWindow = profile.kind !== 'training';
  const blocked = waiting || checking;
  // 3-D Secure left unfinished (a closed window, a restart): the same payment can be finished.
  const unfinished = booking.paymentIntentId !== null && !waiting && !checking;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (referenceError || !online || blocked || busy) return;
    void (canUseTestCards ? pay(card) : pay());
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label="Payment">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3}>Payment</Title>
            <Text c="dimmed">
              Booking {booking.serviceBookingId} for {booking.holder.name} {booking.holder.surname} is held.
            </Text>
            <Text size="sm" c="dimmed" data-testid="held-since">
              Held since {formatDateTime(booking.createdAt)}. The service shows no deadline for paying a held booking: take the payment
              while the traveler is here.
            </Text>
          </div>
          <StatusBadge booking={booking} size="lg" />
        </Group>
        <Text size="xl" fw={700}>
          {formatMoney(booking.totalMinor, booking.currency)}
        </Text>
        <TextInput
          label="Client reference"
          description={`Your agency’s own order number. Left empty, Packdesk uses ${booking.clientReference}.`}
          placeholder={booking.clientReference}
          value={clientReference}
          onChange={(event) => setClientReference(event.currentTarget.value)}
          error={referenceError}
          autoComplete="off"
          autoFocus
        />

        {waiting && !checking && (
          <Alert
            ref={progress}
            tabIndex={-1}
            color="blue"
            title={PROGRESS_WORDS[payment.step].title}
            role="status"
            data-testid="payment-progress"
          >
            <Group gap="sm">
              <Loader size="sm" role="status" aria-label="Waiting" />
              <Text size="sm">{PROGRESS_WORDS[payment.step].text}</Text>
            </Group>
          </Alert>
        )}
        {checking && (
          <Alert ref={progress} tabIndex={-1} color="yellow" title="Not confirmed yet: checking with the service" role="status">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" color="yellow" aria-label="Checking" />
              <Text size="sm">
                The payment was sent but its answer was lost, so Packdesk cannot tell yet whether the card was charged. Do not take the
                payment again: this screen moves on by itself as soon as the service shows the outcome.
              </Text>
            </Group>
          </Alert>
        )}
        {unfinished && (
          <Alert color="orange" title="3-D Secure is not finished" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                The bank’s check for this payment was started but not finished, so the payment is not made. Continue it to finish the same
                payment (it is never charged twice). Another card below is taken only after Packdesk has asked the service about this one.
              </Text>
              <Button
                w="fit-content"
                variant="white"
                color="orange"
                onClick={() => void continueAuthentication()}
                disabled={!online || busy}
              >
                Continue 3-D Secure
              </Button>
            </Stack>
          </Alert>
        )}
        {payment.state === 'authentication-failed' && (
          <Alert color="orange" title="The bank check did not pass" role="alert">
            <Text size="sm">
              The booking is still held and nothing was charged. Ask for another card, or try the same card again below.
            </Text>
          </Alert>
        )}

        {canUseCardWindow && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {profile.kind === 'live'
                ? 'Cards are entered in Stripe’s secure window.'
                : 'Stripe’s test card numbers can be typed in the secure window.'}
            </Text>
            <Button
              ref={cardButton}
              variant={canUseTestCards ? 'light' : 'filled'}
              onClick={() => void pay()}
              disabled={!online || blocked || busy || Boolean(referenceError)}
            >
              Enter card
            </Button>
          </Group>
        )}
        {canUseTestCards && (
          <>
            {canUseCardWindow && <Divider label="or rehearse with a test card" labelPosition="center" />}
            <Radio.Group
              label={profile.kind === 'training' ? 'Training card' : 'Stripe test card'}
              description="Each test card rehearses one outcome; no real money moves."
              value={card}
              onChange={setCard}
            >
              <Stack gap={6} mt="xs">
                {TEST_PAYMENT_METHODS.map((entry) => (
                  <Radio key={entry.id} value={entry.id} label={`${entry.label} · ${entry.outcome}`} />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              {profile.kind === 'training' && (
                // The card typed as at a real counter, in the card window's training form; the list stays the trainer's shortcut.
                <Button variant="light" onClick={() => void pay()} disabled={!online || blocked || busy || Boolean(referenceError)}>
                  Type the card
                </Button>
              )}
              <BusyButton ref={payButton} type="submit" busy={busy && !waiting} disabled={!online || blocked || Boolean(referenceError)}>
                Pay {formatMoney(booking.totalMinor, booking.currency)}
              </BusyButton>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
