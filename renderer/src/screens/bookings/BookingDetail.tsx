import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Kbd, Loader, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { CHANGE_AWAITING_PAYMENT } from '../../../../shared/awaited-change';
import type { BookingRecord, TimelineEvent } from '../../../../shared/bookings';
import { formatDate, formatDateTime, formatMoney, nightsBetween, plural } from '../../../../shared/format';
import { copyText } from '../../components/copy-text';
import { escapeTaken } from '../../components/escape-taken';
import { canTakeFocus, focusIsLost } from '../../components/focus';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StatusBadge } from '../../components/StatusBadge';
import { shortcutKey, useShortcutKeys } from '../../components/use-shortcuts';
import type { ShortcutId } from '../../../../shared/shortcuts';
import { useMainCall, useMainEvent } from '../../hooks/use-main-call';
import type { MainCall } from '../../hooks/use-main-call';
import { canCancel, canModify, isConfirmedStatus, isPayable, SPEC_STATUS_RULES } from '../../../../shared/status-rules';
import { useSharedCounterName } from '../../stores/agency-store';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';
import { CancelDialog } from './CancelDialog';
import { ModifyDialog } from './ModifyDialog';
import { PendingChangePanel } from './PendingChangePanel';
import { lineAuthorWords, madeAndChangedWords } from './people-words';

/** A button's shortcut: found by it (data-shortcut), announced (aria-keyshortcuts) and shown as a key hint. */
const shortcutButton = (id: ShortcutId) => ({
  'data-shortcut': id,
  'aria-keyshortcuts': shortcutKey(id),
  rightSection: <Kbd aria-hidden>{shortcutKey(id)}</Kbd>,
});

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** One booking: every field, its timeline, and what can be done with it. */
export function BookingDetail({ bookingId }: { bookingId: number }) {
  const { openBooking, openVoucher, online, show, profiles } = useAppStore();
  const resumePayment = useNewBooking((state) => state.resumePayment);
  const counterName = useSharedCounterName();
  const [data, setData] = useState<{ booking: BookingRecord; timeline: TimelineEvent[] } | null>(null);
  const { run: runLoad, error: loadError, clearError: clearLoadError } = useMainCall();
  const { run: runAction, busy, error: actionError, clearError: clearActionError } = useMainCall();
  const error = actionError ?? loadError;
  const [dialog, setDialog] = useState<'cancel' | 'modify' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The control the agent was on when a dialog opened or a call started: the focus goes back there.
  const returnTo = useRef<HTMLElement | null>(null);
  const loaded = data !== null;
  const openDialog = (which: 'cancel' | 'modify') => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(which);
  };

  const load = useCallback(() => runLoad((mainCall) => mainCall('history:get', { bookingId }), setData), [bookingId, runLoad]);

  useEffect(() => {
    void load();
  }, [load]);
  useMainEvent('event:booking-change', (change) => {
    if (change.bookingId !== bookingId) return;
    // The booking on screen and its timeline change at once, from the event: nothing is asked again.
    setData({ booking: change.booking, timeline: change.timeline });
  });

  // Opened: the focus is on the booking, where its one-key actions (C, D, V) and Tab to its buttons
  // start. After a dialog (which closes by unmounting, giving no focus back by itself) or a call, it
  // goes back to the control it came from, or to the booking when that control is gone (a control that
  // vanished, such as "I have checked it", leaves it on the page's body).
  useEffect(() => {
    if (!loaded || dialog !== null || busy) return;
    const back = returnTo.current;
    returnTo.current = null;
    if (focusIsLost()) (canTakeFocus(back) ? back : heading.current)?.focus();
  }, [loaded, bookingId, dialog, busy, data]);

  useShortcutKeys(
    [
      [
        'booking-back',
        (event) => {
          // Escape closes the dialog or the list in front; only a second one leaves the booking.
          if (dialog || escapeTaken(event)) return;
          openBooking(null);
        },
        { preventDefault: false },
      ],
    ],
    { inTextFields: true },
  );
  // Single keys act only where nothing is being typed, and as their button would: not when it is gone or disabled.
  const pressButtonOf = (id: ShortcutId) => () => {
    if (!dialog) document.querySelector<HTMLButtonElement>(`[data-shortcut="${id}"]:not(:disabled)`)?.click();
  };
  useShortcutKeys([
    ['cancel-booking', pressButtonOf('cancel-booking')],
    ['modify-booking', pressButtonOf('modify-booking')],
    ['print-voucher', pressButtonOf('print-voucher')],
  ]);

  // An action, then the booking read again: busy until both are done.
  const act = (work: (mainCall: MainCall) => Promise<unknown>) => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return runAction(async (mainCall) => {
      await work(mainCall);
      return mainCall('history:get', { bookingId });
    }, setData);
  };

  if (!data) {
    return error ? <ErrorNotice error={error} /> : <Loader role="status" aria-label="Loading the booking" />;
  }
  const { booking, timeline } = data;
  const rules = profiles.find((profile) => profile.id === booking.profileId)?.statusRules ?? SPEC_STATUS_RULES;
  const cancellable = canCancel(booking, rules);
  const modifiable = canModify(booking, rules);
  const confirmed = isConfirmedStatus(booking.status, rules) && booking.bookingReference !== null;

  return (
    <Stack maw={1000} gap="lg">
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => openBooking(null)}>
          ← All bookings
        </Button>
        <Group gap="xs">
          <BusyButton
            variant="default"
            busy={busy}
            disabled={!online || booking.serviceBookingId === null}
            onClick={() => void act((mainCall) => mainCall('bookings:refresh', { bookingId }))}
          >
            Refresh status
          </BusyButton>
          {isPayable(booking, rules) && (
            <Button
              disabled={!online}
              onClick={() => {
                resumePayment(booking);
                show('new-booking');
              }}
            >
              {booking.paymentIntentId ? 'Continue 3-D Secure' : 'Continue to payment'}
            </Button>
          )}
          {modifiable && (
            <Button variant="light" disabled={!online} onClick={() => openDialog('modify')} {...shortcutButton('modify-booking')}>
              Change dates or room
            </Button>
          )}
          {cancellable && (
            <Button
              variant="light"
              color="red"
              disabled={!online}
              onClick={() => openDialog('cancel')}
              {...shortcutButton('cancel-booking')}
            >
              Cancel booking
            </Button>
          )}
          {confirmed && (
            <Button variant="default" onClick={() => openVoucher(booking.id)} {...shortcutButton('print-voucher')}>
              Print voucher
            </Button>
          )}
        </Group>
      </Group>

      <ErrorNotice
        error={error}
        onClose={() => {
          clearActionError();
          clearLoadError();
        }}
      />
      {booking.attention && (
        <Alert color="orange" title="Check this booking" role="alert">
          <Stack gap="xs">
            <Text size="sm">{booking.attention}</Text>
            <Group>
              <Button
                size="xs"
                color="orange"
                variant="white"
                onClick={() => void act((mainCall) => mainCall('bookings:acknowledge', { bookingId }))}
              >
                I have checked it
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <PendingChangePanel booking={booking} online={online} onChanged={() => void load()} />
      {booking.inFlight === CHANGE_AWAITING_PAYMENT && (
        <Alert color="blue" title="A change waits for the traveler’s payment at another counter" data-testid="change-awaiting-elsewhere">
          <Text size="sm">
            Another counter changed this booking and gave the traveler a payment link. No other change can be made until the traveler has
            paid it (the booking then shows the new stay here) or that counter marks it abandoned. The booking can still be cancelled.
          </Text>
        </Alert>
      )}

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="md">
          <div>
            <Title order={2} ref={heading} tabIndex={-1} style={{ outlineOffset: 4 }}>
              {booking.holder.name} {booking.holder.surname}
            </Title>
            <Text c="dimmed">
              {booking.packageTitle} · {booking.propertyName}
            </Text>
            {madeAndChangedWords(booking) && (
              <Text size="sm" data-testid="booking-people">
                {madeAndChangedWords(booking)}
              </Text>
            )}
          </div>
          <StatusBadge booking={booking} size="xl" />
        </Group>
        <SimpleGrid cols={3} spacing="lg">
          <Field label="Booking reference">
            <span className="mono">{booking.bookingReference ?? 'not yet'}</span>
            {booking.bookingReference && (
              <Button size="compact-xs" variant="subtle" ml="xs" onClick={() => copyText(booking.bookingReference ?? '')}>
                Copy
              </Button>
            )}
          </Field>
          <Field label="Client reference">
            <span className="mono">{booking.clientReference}</span>
          </Field>
          <Field label="Service booking number">{booking.serviceBookingId ?? 'lost (see above)'}</Field>
          <Field label="Check-in">{formatDate(booking.checkIn)}</Field>
          <Field label="Check-out">{formatDate(booking.checkOut)}</Field>
          <Field label="Nights">{plural(nightsBetween(booking.checkIn, booking.checkOut), 'night')}</Field>
          <Field label="Guests">
            {plural(booking.adults, 'adult')} (ages {booking.paxAges.join(', ')})
          </Field>
          <Field label="E-mail">{booking.holder.email}</Field>
          <Field label="Total">
            <strong>{formatMoney(booking.totalMinor, booking.currency)}</strong>
          </Field>
          <Field label="Made">{formatDateTime(booking.createdAt)}</Field>
          <Field label="Last change">{formatDateTime(booking.updatedAt)}</Field>
          {(booking.originCounter !== null || counterName !== null) && (
            <Field label="Counter">
              {booking.originCounter !== null ? `Made at ${booking.originCounter}` : `Made here (${counterName ?? 'this counter'})`}
            </Field>
          )}
          <Field label="Mode">
            {booking.profileKind === 'training' ? 'Training (no real money)' : booking.profileKind === 'test' ? 'Test mode' : 'Live'}
          </Field>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="md">
          Timeline
        </Title>
        <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
          {timeline.map((event, index) => (
            <Timeline.Item key={index} title={event.summary}>
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} {lineAuthorWords(event)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>

      {dialog === 'cancel' && <CancelDialog booking={booking} onClose={() => setDialog(null)} onDone={() => void load()} />}
      {dialog === 'modify' && <ModifyDialog booking={booking} onClose={() => setDialog(null)} onDone={() => void load()} />}
    </Stack>
  );
}
