import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../../shared/bookings';
import { formatDate, formatMoney } from '../../../../shared/format';
import { BridgeError, call, describeError } from '../../bridge';
import { DialogOutcome } from '../../components/DialogOutcome';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StayDateInput } from '../../components/StayDateInput';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; hint: string } | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The dates and hotel on screen now: a price asked for others (changed while it was asked) is not shown.
  const onScreen = useRef('');
  onScreen.current = `${checkIn}|${checkOut}|${propertyId}`;
  // The change is being sent: the dialog stays until the service answers (closed, the agent would think it was not made).
  const [sending, setSending] = useState(false);
  // A price shown: the next thing is to confirm it (or change the dates again).
  useEffect(() => {
    if (summary) confirmButton.current?.focus();
  }, [summary]);

  useEffect(() => {
    call('packages:search', { title: booking.packageTitle })
      .then((found) => setProperties(found.find((entry) => entry.id === booking.packageId)?.properties ?? []))
      .catch(() => setProperties([{ id: booking.propertyId, name: booking.propertyName }]));
  }, [booking]);

  const datesChanged = checkIn !== booking.checkIn || checkOut !== booking.checkOut;
  const datesValid = Boolean(checkIn && checkOut && checkOut > checkIn);
  const roomChanged = propertyId !== String(booking.propertyId);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  const preview = () =>
    run(async () => {
      const asked = onScreen.current;
      let room: ChangeRequest['room'];
      if (roomChanged) {
        const property = properties.find((entry) => String(entry.id) === propertyId);
        if (!property) return;
        const quote = await call('bookings:price', {
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
      const price = await call('bookings:preview-change', change);
      // Changed while the price was asked (a slow service leaves time to): Enter asks for the dates on screen.
      if (onScreen.current === asked) setSummary({ change, price });
    });

  const confirm = () => {
    setSending(true);
    return run(async () => {
      if (!summary) return;
      let updated: BookingRecord;
      try {
        updated = await call('bookings:confirm-change', summary.change);
      } catch (caught) {
        // The booking changed since this price was shown: show the price the service gives now, confirm nothing.
        if (caught instanceof BridgeError && caught.code === 'preview_outdated')
          setSummary({ change: summary.change, price: await call('bookings:preview-change', summary.change) });
        throw caught;
      }
      setResult(updated);
      onDone();
    }).finally(() => setSending(false));
  };

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
            if (summary) void confirm();
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
                setSummary(null);
              }}
              dialogAutofocus
            />
            <StayDateInput
              label="New check-out"
              value={checkOut}
              minDate={checkIn}
              onChange={(value) => {
                setCheckOut(value ?? '');
                setSummary(null);
              }}
            />
          </SimpleGrid>
          <Select
            label="Hotel"
            data={properties.map((entry) => ({ value: String(entry.id), label: entry.name }))}
            value={propertyId}
            onChange={(value) => {
              if (value) setPropertyId(value);
              setSummary(null);
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
