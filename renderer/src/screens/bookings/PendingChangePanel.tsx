import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Image, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { renderSVG } from 'uqr';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord, PendingModification } from '../../../../shared/bookings';
import { formatDate, formatDateTime, formatMoney } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import { openablePaymentLink } from '../../../../shared/links';
import { copyText } from '../../components/copy-text';
import { ErrorNotice } from '../../components/ErrorNotice';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import type { MainCall } from '../../hooks/use-main-call';

const words = defineMessages({
  qrCode: { id: 'bookings.pendingChange.qrCode', defaultMessage: 'QR code of the payment link, for the traveler’s phone' },
  change: {
    id: 'bookings.pendingChange.change',
    defaultMessage:
      '{stay, select, hotel {The change for {checkIn} → {checkOut} at {hotel} costs {priced, select, yes {{amount} more} other {more}}.} dates {The change for {checkIn} → {checkOut} costs {priced, select, yes {{amount} more} other {more}}.} other {The change costs {priced, select, yes {{amount} more} other {more}}.}} The booking keeps its current dates and room until the traveler pays at the link below; {product} sees the payment by itself and updates the booking and its voucher.',
  },
  title: { id: 'bookings.pendingChange.title', defaultMessage: 'Waiting for the traveler to pay the change' },
  reference: {
    id: 'bookings.pendingChange.reference',
    defaultMessage: '{asked, select, yes {Change {reference}, asked {at}} other {Change {reference}}}',
  },
  copyLink: { id: 'bookings.pendingChange.copyLink', defaultMessage: 'Copy link' },
  openLink: { id: 'bookings.pendingChange.openLink', defaultMessage: 'Open in browser' },
  markPaidAsk: { id: 'bookings.pendingChange.markPaid.ask', defaultMessage: 'Mark paid…' },
  markAbandonedAsk: { id: 'bookings.pendingChange.markAbandoned.ask', defaultMessage: 'Mark abandoned…' },
  paid: { id: 'bookings.pendingChange.outcome.paid', defaultMessage: 'The traveler paid it' },
  abandoned: { id: 'bookings.pendingChange.outcome.abandoned', defaultMessage: 'The traveler dropped it' },
  paidExplained: {
    id: 'bookings.pendingChange.outcome.paid.explained',
    defaultMessage:
      '{product} asks the service first. If it shows the change unpaid, nothing is recorded; if it cannot tell, the new dates are recorded as your word and checked until the service shows them.',
  },
  abandonedExplained: {
    id: 'bookings.pendingChange.outcome.abandoned.explained',
    defaultMessage:
      'The booking keeps its current dates and room. The link can still be paid: {product} keeps watching for a week and updates the booking if it is.',
  },
  note: { id: 'bookings.pendingChange.note', defaultMessage: 'Note for the timeline' },
  back: { id: 'bookings.pendingChange.back', defaultMessage: 'Back' },
  markPaid: { id: 'bookings.pendingChange.markPaid', defaultMessage: 'Mark paid' },
  markAbandoned: { id: 'bookings.pendingChange.markAbandoned', defaultMessage: 'Mark abandoned' },
});

/** The payment link as a QR code the traveler scans at the desk: an image, so no markup of ours is built from it. */
function LinkQrCode({ link }: { link: string }) {
  const intl = useIntl();
  const source = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 2 }))}`, [link]);
  return <Image src={source} w={168} h={168} alt={intl.formatMessage(words.qrCode)} data-testid="payment-link-qr" />;
}

function changeInWords(intl: IntlShape, pending: PendingModification, currency: string): string {
  const dated = Boolean(pending.checkIn && pending.checkOut);
  return intl.formatMessage(words.change, {
    stay: dated ? (pending.propertyName ? 'hotel' : 'dates') : 'none',
    checkIn: pending.checkIn ? formatDate(pending.checkIn) : '',
    checkOut: pending.checkOut ? formatDate(pending.checkOut) : '',
    hotel: pending.propertyName ?? '',
    priced: pending.amountMinor !== null ? 'yes' : 'no',
    amount: pending.amountMinor !== null ? formatMoney(pending.amountMinor, currency) : '',
    product: PRODUCT_NAME,
  });
}

/**
 * A change that costs more, waiting for the traveler: the link as text and as a QR code, and the
 * agent's own word (paid, or abandoned) with a note for the timeline.
 */
export function PendingChangePanel({ booking, online, onChanged }: { booking: BookingRecord; online: boolean; onChanged: () => void }) {
  const intl = useIntl();
  const pending = booking.pendingModification;
  const [resolving, setResolving] = useState<'paid' | 'abandoned' | null>(null);
  const [note, setNote] = useState('');
  const { run, busy, error, clearError } = useMainCall();
  // The button that opened the agent's word (Mark paid…, Mark abandoned…): Back and Escape return there.
  const opener = useRef<HTMLButtonElement | null>(null);
  if (!pending) return null;
  const openResolve = (outcome: 'paid' | 'abandoned', button: HTMLButtonElement) => {
    opener.current = button;
    setResolving(outcome);
  };
  const closeResolve = () => {
    setResolving(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  // Only a link a phone may be sent to becomes a QR code or is copied; any other is shown as text, to be checked.
  const openable = openablePaymentLink(pending.paymentLink);

  const act = (work: (mainCall: MainCall) => Promise<unknown>) => run(work, onChanged);

  return (
    <Alert color="blue" title={intl.formatMessage(words.title)} role="status" data-testid="pending-change">
      <Stack gap="sm">
        <Text size="sm">{changeInWords(intl, pending, booking.currency)}</Text>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          {openable && <LinkQrCode link={openable} />}
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {intl.formatMessage(words.reference, {
                asked: pending.requestedAt ? 'yes' : 'no',
                reference: pending.reference,
                at: pending.requestedAt ? formatDateTime(pending.requestedAt) : '',
              })}
            </Text>
            <Text size="sm" className="mono" style={{ wordBreak: 'break-all' }} data-testid="payment-link">
              {pending.paymentLink}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="white" disabled={!openable} onClick={() => copyText(openable ?? '')}>
                {intl.formatMessage(words.copyLink)}
              </Button>
              <Button
                size="xs"
                variant="white"
                disabled={!online}
                onClick={() => void act((mainCall) => mainCall('bookings:open-payment-link', { bookingId: booking.id }))}
              >
                {intl.formatMessage(words.openLink)}
              </Button>
              <Button size="xs" variant="subtle" onClick={(event) => openResolve('paid', event.currentTarget)}>
                {intl.formatMessage(words.markPaidAsk)}
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={(event) => openResolve('abandoned', event.currentTarget)}>
                {intl.formatMessage(words.markAbandonedAsk)}
              </Button>
            </Group>
          </Stack>
        </Group>
        {resolving && (
          <Stack
            gap="xs"
            component="form"
            // Escape steps back, as Back does, and not out of the booking; while the agent's word is being sent,
            // neither closes anything until the service answers (closed, it would look as if nothing was recorded).
            onKeyDown={shortcutKeyHandler([['close-change-word', () => !busy && closeResolve()]])}
            onSubmit={(event) => {
              event.preventDefault();
              void act((mainCall) => mainCall('bookings:resolve-change', { bookingId: booking.id, outcome: resolving, note })).then(() =>
                setResolving(null),
              );
            }}
          >
            <SegmentedControl
              value={resolving}
              onChange={(value) => setResolving(value === 'paid' ? 'paid' : 'abandoned')}
              data={[
                { value: 'paid', label: intl.formatMessage(words.paid) },
                { value: 'abandoned', label: intl.formatMessage(words.abandoned) },
              ]}
            />
            <Text size="xs" c="dimmed">
              {intl.formatMessage(resolving === 'paid' ? words.paidExplained : words.abandonedExplained, { product: PRODUCT_NAME })}
            </Text>
            <Textarea
              label={intl.formatMessage(words.note)}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={500}
              // Opened for the agent's word: the note is the next thing to type.
              autoFocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={closeResolve} disabled={busy}>
                {intl.formatMessage(words.back)}
              </Button>
              <BusyButton size="xs" type="submit" busy={busy}>
                {intl.formatMessage(resolving === 'paid' ? words.markPaid : words.markAbandoned)}
              </BusyButton>
            </Group>
          </Stack>
        )}
        <ErrorNotice error={error} onClose={clearError} />
      </Stack>
    </Alert>
  );
}
