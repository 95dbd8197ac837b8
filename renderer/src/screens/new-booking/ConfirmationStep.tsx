import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../../../shared/format';
import { copyText } from '../../components/copy-text';
import { StatusBadge } from '../../components/StatusBadge';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

/** Step 6: the status, live until Paid, then the reference large enough to read across a desk. */
export function ConfirmationStep() {
  const booking = useNewBooking((state) => state.booking);
  const openVoucher = useAppStore((state) => state.openVoucher);
  if (!booking) return null;
  const paid = booking.status === 'Paid';

  return (
    <Card withBorder padding="xl" aria-label="Confirmation">
      <Stack gap="md" align="center">
        <Group gap="sm">
          <StatusBadge status={booking.status} size="xl" />
          {!paid && <Loader size="sm" role="status" aria-label="Waiting for the supplier" />}
        </Group>
        <Text c="dimmed" role="status" data-testid="confirmation-status">
          {paid ? 'Paid and confirmed by the supplier.' : booking.status === 'Failed' ? 'The supplier did not confirm: nothing was charged.' : 'Payment authorized. Waiting for the supplier to confirm…'}
        </Text>
        {booking.bookingReference && (
          <>
            <Text size="sm" c="dimmed">
              Booking reference
            </Text>
            <Title order={2} className="mono" fz={56} lh={1} data-testid="booking-reference">
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
          <Button variant="light" disabled={!booking.bookingReference} onClick={() => copyText(booking.bookingReference ?? '')}>
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
