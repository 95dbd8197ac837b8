import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../../../shared/format';
import { SPEC_STATUS_RULES, statusTone } from '../../../../shared/status-rules';
import type { StatusTone } from '../../../../shared/status-rules';
import { copyText } from '../../components/copy-text';
import { StatusBadge } from '../../components/StatusBadge';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

/** What the agent tells the traveler, for each kind of status the service can show after paying. */
const WORDS: Record<StatusTone, string> = {
  confirmed: 'Paid and confirmed by the supplier.',
  waiting: 'Payment authorized. Waiting for the supplier to confirm…',
  held: 'Payment authorized. Waiting for the supplier to confirm…',
  unknown:
    'The service shows a status Packdesk has no rule for. Packdesk keeps checking until it is final; do not give the reference as confirmed yet.',
  cancelled: 'The booking is cancelled.',
  ended:
    'The service shows this booking ended without a sale: it did not go through. Whether the card authorization is released is the service’s to say; check it before telling the traveler.',
};

/** Step 6: the status, live until final, then the reference large enough to read across a desk (only for a sale that stands). */
export function ConfirmationStep() {
  const booking = useNewBooking((state) => state.booking);
  const openVoucher = useAppStore((state) => state.openVoucher);
  const rules =
    useAppStore((state) => state.profiles.find((profile) => profile.id === booking?.profileId)?.statusRules) ?? SPEC_STATUS_RULES;
  if (!booking) return null;
  const tone = statusTone(booking, rules);
  const paid = tone === 'confirmed';
  const failed = tone === 'ended' || tone === 'cancelled';
  const settling = !paid && !failed;

  return (
    <Card withBorder padding="xl" aria-label="Confirmation">
      <Stack gap="md" align="center">
        <Group gap="sm">
          <StatusBadge booking={booking} size="xl" />
          {settling && <Loader size="sm" role="status" aria-label="Waiting for the supplier" />}
        </Group>
        {failed ? (
          <Alert
            color="red"
            title={tone === 'cancelled' ? 'Cancelled' : 'Not booked'}
            role="alert"
            data-testid="confirmation-status"
            w="100%"
          >
            {WORDS[tone]} Offer the traveler another hotel or other dates.
          </Alert>
        ) : (
          <Text c="dimmed" role="status" data-testid="confirmation-status">
            {WORDS[tone]}
          </Text>
        )}
        {booking.bookingReference && !failed && (
          <>
            <Text size="sm" c="dimmed">
              Booking reference{paid ? '' : ' (not confirmed yet)'}
            </Text>
            <Title order={2} className="mono" fz={56} lh={1} data-testid="booking-reference" c={paid ? undefined : 'dimmed'}>
              {booking.bookingReference}
            </Title>
          </>
        )}
        <Text>
          {booking.packageTitle} · {booking.propertyName} · {formatDate(booking.checkIn)} → {formatDate(booking.checkOut)}
        </Text>
        <Text fw={600}>
          {formatMoney(booking.totalMinor, booking.currency)} · client reference {booking.clientReference}
        </Text>
        <Group>
          <Button variant="light" disabled={!paid} onClick={() => copyText(booking.bookingReference ?? '')}>
            Copy reference
          </Button>
          <Button variant="light" disabled={!paid} onClick={() => openVoucher(booking.id)}>
            Print voucher
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
