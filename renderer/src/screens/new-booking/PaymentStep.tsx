import { useEffect, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Card, Divider, Group, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { firstIssue } from '../../components/schema-form';
import { clientReferenceSchema } from '../../../../shared/bookings';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';
import { TEST_CARD_LABEL, TEST_PAYMENT_METHODS } from '../../../../shared/test-payment-methods';
import { focusIsLost } from '../../components/focus';
import { StatusBadge } from '../../components/StatusBadge';
import { useActiveProfile, useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';
import type { PaymentStep as Progress } from '../../../../shared/ipc';

/** What the agent reads while main runs the payment, step by step. */
const PROGRESS_WORDS: Record<Progress, { title: Message; text: Message }> = {
  card: defineMessages({
    title: { id: 'newBooking.payment.progress.card.title', defaultMessage: 'The card window is open' },
    text: {
      id: 'newBooking.payment.progress.card.text',
      defaultMessage: 'Let the traveler enter the card in the secure window. {product} never sees the card number.',
    },
  }),
  charging: defineMessages({
    title: { id: 'newBooking.payment.progress.charging.title', defaultMessage: 'Charging the card' },
    text: {
      id: 'newBooking.payment.progress.charging.text',
      defaultMessage: 'The booking service is taking the payment. Do not take it again.',
    },
  }),
  checking: defineMessages({
    title: { id: 'newBooking.payment.progress.checking.title', defaultMessage: 'Not confirmed yet: checking with the service' },
    text: {
      id: 'newBooking.payment.progress.checking.text',
      defaultMessage: 'The payment’s answer was lost; {product} is asking the service whether the card was charged. Do not take it again.',
    },
  }),
  authenticating: defineMessages({
    title: { id: 'newBooking.payment.progress.authenticating.title', defaultMessage: 'The cardholder’s bank asks for 3-D Secure' },
    text: {
      id: 'newBooking.payment.progress.authenticating.text',
      defaultMessage: 'Let the traveler approve the payment in the bank’s window; {product} continues by itself.',
    },
  }),
  resuming: defineMessages({
    title: { id: 'newBooking.payment.progress.resuming.title', defaultMessage: 'Picking up 3-D Secure' },
    text: {
      id: 'newBooking.payment.progress.resuming.text',
      defaultMessage: '{product} is asking the service for the same payment’s bank check, so nothing is charged twice.',
    },
  }),
  confirming: defineMessages({
    title: { id: 'newBooking.payment.progress.confirming.title', defaultMessage: 'Paid: waiting for the supplier' },
    text: {
      id: 'newBooking.payment.progress.confirming.text',
      defaultMessage: 'The charge went through; the supplier’s confirmation follows.',
    },
  }),
};

const words = defineMessages({
  form: { id: 'newBooking.payment.form', defaultMessage: 'Payment' },
  title: { id: 'newBooking.payment.title', defaultMessage: 'Payment' },
  held: { id: 'newBooking.payment.held', defaultMessage: 'Booking {booking} for {name} {surname} is held.' },
  heldSince: {
    id: 'newBooking.payment.heldSince',
    defaultMessage:
      'Held since {since}. The service shows no deadline for paying a held booking: take the payment while the traveler is here.',
  },
  clientReference: { id: 'newBooking.payment.clientReference', defaultMessage: 'Client reference' },
  clientReferenceExplained: {
    id: 'newBooking.payment.clientReference.explanation',
    defaultMessage: 'Your agency’s own order number. Left empty, {product} uses {reference}.',
  },
  waiting: { id: 'newBooking.payment.waiting', defaultMessage: 'Waiting' },
  checking: { id: 'newBooking.payment.checking', defaultMessage: 'Checking' },
  checkingTitle: { id: 'newBooking.payment.checking.title', defaultMessage: 'Not confirmed yet: checking with the service' },
  checkingText: {
    id: 'newBooking.payment.checking.text',
    defaultMessage:
      'The payment was sent but its answer was lost, so {product} cannot tell yet whether the card was charged. Do not take the payment again: this screen moves on by itself as soon as the service shows the outcome.',
  },
  unfinished: { id: 'newBooking.payment.unfinished', defaultMessage: '3-D Secure is not finished' },
  unfinishedText: {
    id: 'newBooking.payment.unfinished.text',
    defaultMessage:
      'The bank’s check for this payment was started but not finished, so the payment is not made. Continue it to finish the same payment (it is never charged twice). Another card below is taken only after {product} has asked the service about this one.',
  },
  continueAuthentication: { id: 'newBooking.payment.unfinished.continue', defaultMessage: 'Continue 3-D Secure' },
  authenticationFailed: { id: 'newBooking.payment.authenticationFailed', defaultMessage: 'The bank check did not pass' },
  authenticationFailedText: {
    id: 'newBooking.payment.authenticationFailed.text',
    defaultMessage: 'The booking is still held and nothing was charged. Ask for another card, or try the same card again below.',
  },
  liveCards: { id: 'newBooking.payment.cards.live', defaultMessage: 'Cards are entered in Stripe’s secure window.' },
  testCards: { id: 'newBooking.payment.cards.test', defaultMessage: 'Stripe’s test card numbers can be typed in the secure window.' },
  enterCard: { id: 'newBooking.payment.enterCard', defaultMessage: 'Enter card' },
  orTestCard: { id: 'newBooking.payment.orTestCard', defaultMessage: 'or rehearse with a test card' },
  trainingCard: { id: 'newBooking.payment.trainingCard', defaultMessage: 'Training card' },
  stripeTestCard: { id: 'newBooking.payment.stripeTestCard', defaultMessage: 'Stripe test card' },
  testCardExplained: {
    id: 'newBooking.payment.testCard.explanation',
    defaultMessage: 'Each test card rehearses one outcome; no real money moves.',
  },
  testCardChoice: { id: 'newBooking.payment.testCard.choice', defaultMessage: '{card} · {outcome}' },
  typeCard: { id: 'newBooking.payment.typeCard', defaultMessage: 'Type the card' },
  pay: { id: 'newBooking.payment.pay', defaultMessage: 'Pay {amount}' },
});

/**
 * Step 5: the held booking is paid, by the secure card window or a test card; 3-D Secure opens its
 * own window. In training the card window is a form of Stripe's test cards, typed as at a counter.
 */
export function PaymentStep() {
  const intl = useIntl();
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

  const referenceError = firstIssue(clientReferenceSchema.safeParse(clientReference), intl);
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
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label={intl.formatMessage(words.form)}>
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3}>
              <FormattedMessage {...words.title} />
            </Title>
            <Text c="dimmed">
              <FormattedMessage
                {...words.held}
                values={{ booking: booking.serviceBookingId, name: booking.holder.name, surname: booking.holder.surname }}
              />
            </Text>
            <Text size="sm" c="dimmed" data-testid="held-since">
              <FormattedMessage {...words.heldSince} values={{ since: formatDateTime(booking.createdAt) }} />
            </Text>
          </div>
          <StatusBadge booking={booking} size="lg" />
        </Group>
        <Text size="xl" fw={700}>
          {formatMoney(booking.totalMinor, booking.currency)}
        </Text>
        <TextInput
          label={intl.formatMessage(words.clientReference)}
          description={intl.formatMessage(words.clientReferenceExplained, { product: PRODUCT_NAME, reference: booking.clientReference })}
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
            title={intl.formatMessage(PROGRESS_WORDS[payment.step].title)}
            role="status"
            data-testid="payment-progress"
          >
            <Group gap="sm">
              <Loader size="sm" role="status" aria-label={intl.formatMessage(words.waiting)} />
              <Text size="sm">{intl.formatMessage(PROGRESS_WORDS[payment.step].text, { product: PRODUCT_NAME })}</Text>
            </Group>
          </Alert>
        )}
        {checking && (
          <Alert ref={progress} tabIndex={-1} color="yellow" title={intl.formatMessage(words.checkingTitle)} role="status">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" color="yellow" aria-label={intl.formatMessage(words.checking)} />
              <Text size="sm">
                <FormattedMessage {...words.checkingText} values={{ product: PRODUCT_NAME }} />
              </Text>
            </Group>
          </Alert>
        )}
        {unfinished && (
          <Alert color="orange" title={intl.formatMessage(words.unfinished)} role="alert">
            <Stack gap="xs">
              <Text size="sm">
                <FormattedMessage {...words.unfinishedText} values={{ product: PRODUCT_NAME }} />
              </Text>
              <Button
                w="fit-content"
                variant="white"
                color="orange"
                onClick={() => void continueAuthentication()}
                disabled={!online || busy}
              >
                <FormattedMessage {...words.continueAuthentication} />
              </Button>
            </Stack>
          </Alert>
        )}
        {payment.state === 'authentication-failed' && (
          <Alert color="orange" title={intl.formatMessage(words.authenticationFailed)} role="alert">
            <Text size="sm">
              <FormattedMessage {...words.authenticationFailedText} />
            </Text>
          </Alert>
        )}

        {canUseCardWindow && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {intl.formatMessage(profile.kind === 'live' ? words.liveCards : words.testCards)}
            </Text>
            <Button
              ref={cardButton}
              variant={canUseTestCards ? 'light' : 'filled'}
              onClick={() => void pay()}
              disabled={!online || blocked || busy || Boolean(referenceError)}
            >
              <FormattedMessage {...words.enterCard} />
            </Button>
          </Group>
        )}
        {canUseTestCards && (
          <>
            {canUseCardWindow && <Divider label={intl.formatMessage(words.orTestCard)} labelPosition="center" />}
            <Radio.Group
              label={intl.formatMessage(profile.kind === 'training' ? words.trainingCard : words.stripeTestCard)}
              description={intl.formatMessage(words.testCardExplained)}
              value={card}
              onChange={setCard}
            >
              <Stack gap={6} mt="xs">
                {TEST_PAYMENT_METHODS.map((entry) => (
                  <Radio
                    key={entry.id}
                    value={entry.id}
                    label={intl.formatMessage(words.testCardChoice, {
                      card: intl.formatMessage(TEST_CARD_LABEL, { brand: entry.brand, last4: entry.last4 }),
                      outcome: intl.formatMessage(entry.outcome),
                    })}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              {profile.kind === 'training' && (
                // The card typed as at a real counter, in the card window's training form; the list stays the trainer's shortcut.
                <Button variant="light" onClick={() => void pay()} disabled={!online || blocked || busy || Boolean(referenceError)}>
                  <FormattedMessage {...words.typeCard} />
                </Button>
              )}
              <BusyButton ref={payButton} type="submit" busy={busy && !waiting} disabled={!online || blocked || Boolean(referenceError)}>
                <FormattedMessage {...words.pay} values={{ amount: formatMoney(booking.totalMinor, booking.currency) }} />
              </BusyButton>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
