import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { clientReferenceSchema } from '../../../../shared/bookings';
import { formatMoney } from '../../../../shared/format';
import { TEST_CARDS } from '../../../../shared/test-cards';
import { StatusBadge } from '../../components/StatusBadge';
import { useActiveProfile, useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

/** Step 5: the held booking is paid; 3-D Secure and declines are handled here. */
export function PaymentStep() {
  const { booking, clientReference, setClientReference, pay, payment, completeAuthentication, busy } = useNewBooking();
  const profile = useActiveProfile();
  const online = useAppStore((state) => state.online);
  const [card, setCard] = useState<string>(TEST_CARDS[0].id);
  if (!booking || !profile) return null;

  const referenceCheck = clientReferenceSchema.safeParse(clientReference);
  const referenceError = referenceCheck.success ? null : (referenceCheck.error.issues[0]?.message ?? null);
  const canUseTestCards = profile.kind !== 'live';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!referenceError && online && payment.state !== 'authenticating') void pay(card);
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
          </div>
          <StatusBadge status={booking.status} size="lg" />
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

        {payment.state === 'authenticating' ? (
          <Alert color="blue" title="The cardholder’s bank asks for 3-D Secure" role="status">
            <Stack gap="sm">
              <Text size="sm">Let the traveler approve the payment in the bank’s check, then continue here.</Text>
              <Group>
                {payment.challengeUrl && (
                  <Button variant="light" onClick={() => window.open(payment.challengeUrl ?? '', '_blank', 'noopener')}>
                    Open the bank’s check
                  </Button>
                )}
                <Button onClick={() => void completeAuthentication()} loading={busy}>
                  The cardholder has finished
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : canUseTestCards ? (
          <Radio.Group label={profile.kind === 'training' ? 'Training card' : 'Stripe test card'} description="Each test card rehearses one outcome; no real money moves." value={card} onChange={setCard}>
            <Stack gap={6} mt="xs">
              {TEST_CARDS.map((entry) => (
                <Radio key={entry.id} value={entry.id} label={`${entry.label} · ${entry.outcome}`} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Alert color="gray" title="Live card payments" role="note">
            Live profiles take cards only in Stripe’s secure card window, which this version of Packdesk does not include. Use a test-mode profile to rehearse payments.
          </Alert>
        )}
        {payment.state === 'authentication-failed' && (
          <Text size="sm" c="red.8">
            The bank check did not pass. The booking is still held: choose another card and pay again.
          </Text>
        )}

        {payment.state !== 'authenticating' && canUseTestCards && (
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!online || Boolean(referenceError)}>
              Pay {formatMoney(booking.totalMinor, booking.currency)}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
