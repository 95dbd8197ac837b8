import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord } from '../../../../shared/bookings';
import { formatDate, formatMoney } from '../../../../shared/format';
import { DialogOutcome } from '../../components/DialogOutcome';
import { ErrorNotice } from '../../components/ErrorNotice';
import { shortcutKey, shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';

/** Cancel, with a reason and a confirmation that names the booking and the traveler. */
export function CancelDialog({ booking, onClose, onDone }: { booking: BookingRecord; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const { run, busy, error } = useMainCall();
  const [result, setResult] = useState<BookingRecord | null>(null);
  // What was paid before the cancellation decides what the result says; the page reloads the booking meanwhile.
  const [wasPaid] = useState(booking.bookingReference !== null);
  const traveler = `${booking.holder.name} ${booking.holder.surname}`;

  const confirm = () =>
    run(
      (mainCall) => mainCall('bookings:cancel', { bookingId: booking.id, reason, confirmed: true }),
      (cancelled) => {
        setResult(cancelled);
        onDone();
      },
    );

  return (
    <Modal
      opened
      // While the cancellation is out the dialog stays until the service answers: closed, the booking would look kept.
      onClose={busy ? () => undefined : onClose}
      title={`Cancel booking ${booking.serviceBookingId} for ${traveler}?`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {result ? (
        <DialogOutcome onClose={onClose}>
          The service shows booking {booking.serviceBookingId} for {traveler} as {result.status}.{' '}
          {wasPaid
            ? 'The card was charged for it; the cancellation’s answer says nothing about a refund, which the service decides under its own terms. Tell the traveler the refund, if any, comes from the service.'
            : 'It was never paid, so nothing was charged.'}
        </DialogOutcome>
      ) : (
        <Stack>
          <Text size="sm">
            {booking.packageTitle} · {booking.propertyName}, {formatDate(booking.checkIn)} → {formatDate(booking.checkOut)},{' '}
            {formatMoney(booking.totalMinor, booking.currency)}. This cannot be undone.
            {booking.bookingReference
              ? ' Any refund is the service’s decision; Packdesk shows what the service answers.'
              : ' It is not paid: nothing was charged.'}
          </Text>
          <Textarea
            label="Reason"
            description={`Sent to the booking service and kept in the timeline. ${shortcutKey('confirm-cancel')} cancels.`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onKeyDown={shortcutKeyHandler([['confirm-cancel', () => reason.trim() && !busy && void confirm()]])}
            autosize
            minRows={2}
            data-autofocus
            required
          />
          <ErrorNotice error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Keep the booking
            </Button>
            <BusyButton color="red" busy={busy} disabled={!reason.trim()} onClick={() => void confirm()}>
              Cancel booking for {traveler}
            </BusyButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
