import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord, ChangeRequest, PriceSummary } from '../../../../shared/bookings';
import { formatDate, formatMoney } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import { DialogOutcome } from '../../components/DialogOutcome';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StayDateInput } from '../../components/StayDateInput';
import { failedWith, useMainCall } from '../../hooks/use-main-call';

const words = defineMessages({
  charged: { id: 'bookings.modify.price.charged', defaultMessage: 'The traveler will be charged {amount} more, through a payment link.' },
  refunded: { id: 'bookings.modify.price.refunded', defaultMessage: '{amount} will be refunded to the traveler’s card automatically.' },
  unchanged: { id: 'bookings.modify.price.unchanged', defaultMessage: 'No change in price.' },
  soldOut: { id: 'bookings.modify.soldOut', defaultMessage: '{hotel} is sold out on some of those nights.' },
  soldOutHint: { id: 'bookings.modify.soldOut.hint', defaultMessage: 'Try other dates or keep the current hotel.' },
  title: { id: 'bookings.modify.title', defaultMessage: 'Change booking {number} for {traveler}' },
  close: { id: 'bookings.modify.close', defaultMessage: 'Close' },
  waitingForPayment: {
    id: 'bookings.modify.outcome.waitingForPayment',
    defaultMessage:
      'Change {reference} is waiting for the traveler to pay it. Show them the QR code on the booking, or give them the link; the booking changes by itself once it is paid.',
  },
  changed: { id: 'bookings.modify.outcome.changed', defaultMessage: 'The booking is changed.' },
  checkIn: { id: 'bookings.modify.checkIn', defaultMessage: 'New check-in' },
  checkOut: { id: 'bookings.modify.checkOut', defaultMessage: 'New check-out' },
  hotel: { id: 'bookings.modify.hotel', defaultMessage: 'Hotel' },
  summaryTitle: { id: 'bookings.modify.summary.title', defaultMessage: 'Price of this change' },
  before: { id: 'bookings.modify.summary.before', defaultMessage: '{checkIn} → {checkOut}, {hotel}, {total}' },
  after: { id: 'bookings.modify.summary.after', defaultMessage: 'becomes {checkIn} → {checkOut}, {hotel}, {total}.' },
  keep: { id: 'bookings.modify.keep', defaultMessage: 'Keep as it is' },
  confirm: { id: 'bookings.modify.confirm', defaultMessage: 'Confirm change' },
  preview: { id: 'bookings.modify.preview', defaultMessage: 'Preview price' },
});

/** The preview's price summary, in words an agent can say to a traveler. */
export function summaryInWords(intl: IntlShape, summary: PriceSummary): string {
  if (summary.paymentRequired)
    return intl.formatMessage(words.charged, { amount: formatMoney(summary.paymentAmountMinor, summary.currency) });
  if (summary.refundAmountMinor > 0)
    return intl.formatMessage(words.refunded, { amount: formatMoney(summary.refundAmountMinor, summary.currency) });
  return intl.formatMessage(words.unchanged);
}

/** Change dates and/or the hotel: preview the price difference, then confirm. */
export function ModifyDialog({ booking, onClose, onDone }: { booking: BookingRecord; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
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
            message: intl.formatMessage(words.soldOut, { hotel: property.name }),
            hint: intl.formatMessage(words.soldOutHint),
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
      title={intl.formatMessage(words.title, {
        number: String(booking.serviceBookingId),
        traveler: `${booking.holder.name} ${booking.holder.surname}`,
      })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(words.close) }}
    >
      {result ? (
        <DialogOutcome onClose={onClose}>
          {result.pendingModification
            ? intl.formatMessage(words.waitingForPayment, { reference: result.pendingModification.reference })
            : intl.formatMessage(words.changed)}
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
              label={intl.formatMessage(words.checkIn)}
              value={checkIn}
              minDate={new Date().toISOString().slice(0, 10)}
              onChange={(value) => {
                setCheckIn(value ?? '');
                onScreenChanged();
              }}
              dialogAutofocus
            />
            <StayDateInput
              label={intl.formatMessage(words.checkOut)}
              value={checkOut}
              minDate={checkIn}
              onChange={(value) => {
                setCheckOut(value ?? '');
                onScreenChanged();
              }}
            />
          </SimpleGrid>
          <Select
            label={intl.formatMessage(words.hotel)}
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
              title={intl.formatMessage(words.summaryTitle)}
              role="status"
              data-testid="change-summary"
            >
              <Stack gap={4}>
                <span>
                  {intl.formatMessage(words.before, {
                    checkIn: formatDate(booking.checkIn),
                    checkOut: formatDate(booking.checkOut),
                    hotel: booking.propertyName,
                    total: formatMoney(booking.totalMinor, booking.currency),
                  })}
                </span>
                <span data-testid="change-after">
                  {intl.formatMessage(words.after, {
                    checkIn: formatDate(summary.change.dates?.checkIn ?? booking.checkIn),
                    checkOut: formatDate(summary.change.dates?.checkOut ?? booking.checkOut),
                    hotel: summary.change.room?.propertyName ?? booking.propertyName,
                    total: formatMoney(booking.totalMinor + summary.price.netPriceDiffMinor, summary.price.currency),
                  })}
                </span>
                <strong>{summaryInWords(intl, summary.price)}</strong>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={sending}>
              {intl.formatMessage(words.keep)}
            </Button>
            {summary ? (
              <BusyButton busy={busy} type="submit" ref={confirmButton}>
                {intl.formatMessage(words.confirm)}
              </BusyButton>
            ) : (
              <BusyButton busy={busy} disabled={(!datesChanged && !roomChanged) || !datesValid} type="submit">
                {intl.formatMessage(words.preview)}
              </BusyButton>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
