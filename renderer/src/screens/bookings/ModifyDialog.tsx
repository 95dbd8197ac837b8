import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../../shared/bookings';
import { formatDate, formatMoney } from '../../../../shared/format';
import { DialogOutcome } from '../../components/DialogOutcome';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StayDateInput } from '../../components/StayDateInput';
import { failedWith, useMainCall } from '../../hooks/use-main-call';

/** The preview's price summary, in words an agent can say to a traveler. */
export function summaryInWords(summary: PriceSummary): string {
  if (summary.paymentRequired)
    return `The traveler will be charged ${formatMoney(summary.paymentAmountMinor, summary.currency)} more, through a payment link.`;
  if (summary.refundAmountMinor > 0)
    return `${formatMoney(summary.refundAmountMinor, summary.currency)} will be refunded to the traveler’s card automatically.`;
  return 'No change in price.';
}

/** Change dates and/or the hotel: preview the price difference, then confirm. */
export function ModifyDialog({ booking, onClose, onDone }: { booking: BookingRecord; onClose: () => void; onDone: () => void }) {
  const [checkIn, setCheckIn] = useState(booking.checkIn);
  const [checkOut, setCheckOut] = useState(booking.checkOut);
  const [properties, setProperties] = useState<{ id: number; name: string }[]>([]);
  const [propertyId, setPropertyId] = useState(String(booking.propertyId));
  const [summary, setSummary] = useState<{ change: ChangeRequest; price: PriceSummary } | null>(null);
  const [result, setResult] = useState<BookingRecord | null>(null);
  const { run: loadProperties } = useMainCall();
  const pricing = useMainCall();
  // The change is being sent: the dialog stays until the service answers (closed, the agent would think it was not made).
  const sendingCall = useMainCall();
  const sending = sendingCall.busy;
  const busy = pricing.busy || sending;
  const error = sendingCall.error ?? pricing.error;
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Other dates or another hotel on screen: a price asked for the ones before is not shown.
  const onScreenChanged = () => {
    pricing.dropAnswer();
    setSummary(null);
  };
  // A price shown: the next thing is to confirm it (or change the dates again).
  useEffect(() => {
    if (summary) confirmButton.current?.focus();
  }, [summary]);

  useEffect(() => {
    // Without the package's hotels (the service unreachable), the booking's own hotel is the one offered.
    void loadProperties(
      (mainCall) =>
        mainCall('packages:search', { title: booking.packageTitle }).then(
          (found) => found.find((entry) => entry.id === booking.packageId)?.properties ?? [],
          () => [{ id: booking.propertyId, name: booking.propertyName }],
        ),
      setProperties,
    );
  }, [booking, loadProperties]);

  const datesChanged = checkIn !== booking.checkIn || checkOut !== booking.checkOut;
  const datesValid = Boolean(checkIn && checkOut && checkOut > checkIn);
  const roomChanged = propertyId !== String(booking.propertyId);

  const preview = () =>
    pricing.run(async (mainCall) => {
      let room: ChangeRequest['room'];
      if (roomChanged) {
        const property = properties.find((entry) => String(entry.id) === propertyId);
        if (!property) return null;
        const quote = await mainCall('bookings:price', {
          packageId: booking.packageId,
          packageTitle: booking.packageTitle,
          propertyId: property.id,
          propertyName: property.name,
          checkIn,
          checkOut,
          adults: booking.adults,
        });
        if (!quote.available)
          throw Object.assign(new Error(), {
            message: `${property.name} is sold out on some of those nights.`,
            hint: 'Try other dates or keep the current hotel.',
          });
        room = { availabilityId: quote.availabilityId, propertyId: property.id, propertyName: property.name };
      }
      const change: ChangeRequest = {
        bookingId: booking.id,
        ...(datesChanged ? { dates: { checkIn, checkOut } } : {}),
        ...(room ? { room } : {}),
      };
      return { change, price: await mainCall('bookings:preview-change', change) };
    }, setSummary);

  const confirm = (shown: { change: ChangeRequest; price: PriceSummary }) =>
    sendingCall.run(
      async (mainCall) => {
        try {
          return await mainCall('bookings:confirm-change', shown.change);
        } catch (caught) {
          // The booking changed since this price was shown: show the price the service gives now, confirm nothing.
          if (failedWith(caught, 'preview_outdated'))
            setSummary({ change: shown.change, price: await mainCall('bookings:preview-change', shown.change) });
          throw caught;
        }
      },
      (updated) => {
        setResult(updated);
        onDone();
      },
    );

  return (
    <Modal
      opened
      onClose={sending ? () => undefined : onClose}
      title={`Change booking ${booking.serviceBookingId} for ${booking.holder.name} ${booking.holder.surname}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {result ? (
        <DialogOutcome onClose={onClose}>
          {result.pendingModification
            ? `Change ${result.pendingModification.reference} is waiting for the traveler to pay it. Show them the QR code on the booking, or give them the link; the booking changes by itself once it is paid.`
            : 'The booking is changed.'}
        </DialogOutcome>
      ) : (
        <Stack
          component="form"
          onSubmit={(event: React.SyntheticEvent) => {
            // Enter previews the price, then confirms the price shown.
            event.preventDefault();
            if (busy) return;
            if (summary) void confirm(summary);
            else if ((datesChanged || roomChanged) && datesValid) void preview();
          }}
        >
          <SimpleGrid cols={2}>
            <StayDateInput
              label="New check-in"
              value={checkIn}
              minDate={new Date().toISOString().slice(0, 10)}
              onChange={(value) => {
                setCheckIn(value ?? '');
                onScreenChanged();
              }}
              dialogAutofocus
            />
            <StayDateInput
              label="New check-out"
              value={checkOut}
              minDate={checkIn}
              onChange={(value) => {
                setCheckOut(value ?? '');
                onScreenChanged();
              }}
            />
          </SimpleGrid>
          <Select
            label="Hotel"
            data={properties.map((entry) => ({ value: String(entry.id), label: entry.name }))}
            value={propertyId}
            onChange={(value) => {
              if (value) setPropertyId(value);
              onScreenChanged();
            }}
            allowDeselect={false}
          />
          <ErrorNotice error={error} />
          {summary && (
            <Alert
              color={summary.price.paymentRequired ? 'yellow' : 'green'}
              title="Price of this change"
              role="status"
              data-testid="change-summary"
            >
              <Stack gap={4}>
                <span>
                  {formatDate(booking.checkIn)} → {formatDate(booking.checkOut)}, {booking.propertyName},{' '}
                  {formatMoney(booking.totalMinor, booking.currency)}
                </span>
                <span data-testid="change-after">
                  becomes {formatDate(summary.change.dates?.checkIn ?? booking.checkIn)} →{' '}
                  {formatDate(summary.change.dates?.checkOut ?? booking.checkOut)},{' '}
                  {summary.change.room?.propertyName ?? booking.propertyName},{' '}
                  {formatMoney(booking.totalMinor + summary.price.netPriceDiffMinor, summary.price.currency)}.
                </span>
                <strong>{summaryInWords(summary.price)}</strong>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Keep as it is
            </Button>
            {summary ? (
              <BusyButton busy={busy} type="submit" ref={confirmButton}>
                Confirm change
              </BusyButton>
            ) : (
              <BusyButton busy={busy} disabled={(!datesChanged && !roomChanged) || !datesValid} type="submit">
                Preview price
              </BusyButton>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
