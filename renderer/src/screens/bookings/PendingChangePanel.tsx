import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Image, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { renderSVG } from 'uqr';
import { BusyButton } from '../../components/BusyButton';
import type { BookingRecord, PendingModification } from '../../../../shared/bookings';
import { formatDate, formatDateTime, formatMoney } from '../../../../shared/format';
import { openablePaymentLink } from '../../../../shared/links';
import { copyText } from '../../components/copy-text';
import { ErrorNotice } from '../../components/ErrorNotice';
import { shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import type { MainCall } from '../../hooks/use-main-call';

/** The payment link as a QR code the traveler scans at the desk: an image, so no markup of ours is built from it. */
function LinkQrCode({ link }: { link: string }) {
  const source = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 2 }))}`, [link]);
  return <Image src={source} w={168} h={168} alt="QR code of the payment link, for the traveler’s phone" data-testid="payment-link-qr" />;
}

function changeInWords(pending: PendingModification, currency: string): string {
  const amount = pending.amountMinor !== null ? `${formatMoney(pending.amountMinor, currency)} more` : 'more';
  const stay =
    pending.checkIn && pending.checkOut
      ? ` for ${formatDate(pending.checkIn)} → ${formatDate(pending.checkOut)}${pending.propertyName ? ` at ${pending.propertyName}` : ''}`
      : '';
  return `The change${stay} costs ${amount}. The booking keeps its current dates and room until the traveler pays at the link below; Packdesk sees the payment by itself and updates the booking and its voucher.`;
}

/**
 * A change that costs more, waiting for the traveler: the link as text and as a QR code, and the
 * agent's own word (paid, or abandoned) with a note for the timeline.
 */
export function PendingChangePanel({ booking, online, onChanged }: { booking: BookingRecord; online: boolean; onChanged: () => void }) {
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
    <Alert color="blue" title="Waiting for the traveler to pay the change" role="status" data-testid="pending-change">
      <Stack gap="sm">
        <Text size="sm">{changeInWords(pending, booking.currency)}</Text>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          {openable && <LinkQrCode link={openable} />}
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Change {pending.reference}
              {pending.requestedAt ? `, asked ${formatDateTime(pending.requestedAt)}` : ''}
            </Text>
            <Text size="sm" className="mono" style={{ wordBreak: 'break-all' }} data-testid="payment-link">
              {pending.paymentLink}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="white" disabled={!openable} onClick={() => copyText(openable ?? '')}>
                Copy link
              </Button>
              <Button
                size="xs"
                variant="white"
                disabled={!online}
                onClick={() => void act((mainCall) => mainCall('bookings:open-payment-link', { bookingId: booking.id }))}
              >
                Open in browser
              </Button>
              <Button size="xs" variant="subtle" onClick={(event) => openResolve('paid', event.currentTarget)}>
                Mark paid…
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={(event) => openResolve('abandoned', event.currentTarget)}>
                Mark abandoned…
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
                { value: 'paid', label: 'The traveler paid it' },
                { value: 'abandoned', label: 'The traveler dropped it' },
              ]}
            />
            <Text size="xs" c="dimmed">
              {resolving === 'paid'
                ? 'Packdesk asks the service first. If it shows the change unpaid, nothing is recorded; if it cannot tell, the new dates are recorded as your word and checked until the service shows them.'
                : 'The booking keeps its current dates and room. The link can still be paid: Packdesk keeps watching for a week and updates the booking if it is.'}
            </Text>
            <Textarea
              label="Note for the timeline"
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
                Back
              </Button>
              <BusyButton size="xs" type="submit" busy={busy}>
                {resolving === 'paid' ? 'Mark paid' : 'Mark abandoned'}
              </BusyButton>
            </Group>
          </Stack>
        )}
        <ErrorNotice error={error} onClose={clearError} />
      </Stack>
    </Alert>
  );
}
