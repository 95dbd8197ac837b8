import { useEffect, useRef } from 'react';
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
  const card = useRef<HTMLDivElement>(null);
  const voucher = useRef<HTMLButtonElement>(null);
  const openVoucher = useAppStore((state) => state.openVoucher);
  const rules =
    useAppStore((state) => state.profiles.find((profile) => profile.id === booking?.profileId)?.statusRules) ?? SPEC_STATUS_RULES;
  const tone = booking ? statusTone(booking, rules) : null;
  const paid = tone === 'confirmed';
  // The focus follows the outcome: the confirmation while it settles, then the voucher once paid.
  useEffect(() => {
    if (paid) voucher.current?.focus();
    else card.current?.focus();
  }, [paid]);
  if (!booking || !tone) return null;
  const failed = tone === 'ended' || tone === 'cancelled';
  const settling = !paid && !failed;

  return (
    <Card withBorder padding="xl" aria-label="Confirmation" ref={card} tabIndex={-1} style={{ outline: 'none' }}>
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
          <Button variant="light" disabled={!paid} onClick={() => openVoucher(booking.id)} ref={voucher}>
            Print voucher
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
