import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Alert, Button, Card, Group, Kbd, Loader, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { CHANGE_AWAITING_PAYMENT } from '../../../../shared/awaited-change';
import type { BookingRecord, TimelineEvent } from '../../../../shared/bookings';
import { formatDate, formatDateTime, formatMoney, formatNumber, nightsBetween } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
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
import { BOOKING_WORDS } from './booking-words';
import { lineAuthorWords, madeAndChangedWords } from './people-words';
import { recordedWords } from '../../../../shared/i18n/recorded-words';

const words = defineMessages({
  loading: { id: 'bookings.detail.loading', defaultMessage: 'Loading the booking' },
  back: { id: 'bookings.detail.back', defaultMessage: '← All bookings' },
  refresh: { id: 'bookings.detail.refresh', defaultMessage: 'Refresh status' },
  continueSecure: { id: 'bookings.detail.continueSecure', defaultMessage: 'Continue 3-D Secure' },
  continuePayment: { id: 'bookings.detail.continuePayment', defaultMessage: 'Continue to payment' },
  modify: { id: 'bookings.detail.modify', defaultMessage: 'Change dates or room' },
  cancel: { id: 'bookings.detail.cancel', defaultMessage: 'Cancel booking' },
  voucher: { id: 'bookings.detail.voucher', defaultMessage: 'Print voucher' },
  attentionTitle: { id: 'bookings.detail.attention.title', defaultMessage: 'Check this booking' },
  attentionChecked: { id: 'bookings.detail.attention.checked', defaultMessage: 'I have checked it' },
  awaitingElsewhereTitle: {
    id: 'bookings.detail.awaitingElsewhere.title',
    defaultMessage: 'A change waits for the traveler’s payment at another counter',
  },
  awaitingElsewhere: {
    id: 'bookings.detail.awaitingElsewhere.text',
    defaultMessage:
      'Another counter changed this booking and gave the traveler a payment link. No other change can be made until the traveler has paid it (the booking then shows the new stay here) or that counter marks it abandoned. The booking can still be cancelled.',
  },
  bookingReference: { id: 'bookings.detail.field.bookingReference', defaultMessage: 'Booking reference' },
  notYet: { id: 'bookings.detail.field.bookingReference.notYet', defaultMessage: 'not yet' },
  copy: { id: 'bookings.detail.field.bookingReference.copy', defaultMessage: 'Copy' },
  clientReference: { id: 'bookings.detail.field.clientReference', defaultMessage: 'Client reference' },
  serviceBookingId: { id: 'bookings.detail.field.serviceBookingId', defaultMessage: 'Service booking number' },
  serviceBookingIdLost: { id: 'bookings.detail.field.serviceBookingId.lost', defaultMessage: 'lost (see above)' },
  checkIn: { id: 'bookings.detail.field.checkIn', defaultMessage: 'Check-in' },
  checkOut: { id: 'bookings.detail.field.checkOut', defaultMessage: 'Check-out' },
  nights: { id: 'bookings.detail.field.nights', defaultMessage: 'Nights' },
  nightCount: {
    id: 'bookings.detail.field.nights.count',
    defaultMessage: '{count, plural, one {{shown} night} other {{shown} nights}}',
  },
  guests: { id: 'bookings.detail.field.guests', defaultMessage: 'Guests' },
  guestCount: {
    id: 'bookings.detail.field.guests.count',
    defaultMessage: '{count, plural, one {{shown} adult (ages {ages})} other {{shown} adults (ages {ages})}}',
  },
  email: { id: 'bookings.detail.field.email', defaultMessage: 'E-mail' },
  total: { id: 'bookings.detail.field.total', defaultMessage: 'Total' },
  made: { id: 'bookings.detail.field.made', defaultMessage: 'Made' },
  lastChange: { id: 'bookings.detail.field.lastChange', defaultMessage: 'Last change' },
  counter: { id: 'bookings.detail.field.counter', defaultMessage: 'Counter' },
  madeAt: { id: 'bookings.detail.field.counter.elsewhere', defaultMessage: 'Made at {counter}' },
  madeHere: {
    id: 'bookings.detail.field.counter.here',
    defaultMessage: '{named, select, yes {Made here ({counter})} other {Made here (this counter)}}',
  },
  mode: { id: 'bookings.detail.field.mode', defaultMessage: 'Mode' },
  modeOf: {
    id: 'bookings.detail.field.mode.value',
    defaultMessage: '{kind, select, training {Training (no real money)} test {Test mode} other {Live}}',
  },
  timeline: { id: 'bookings.detail.timeline', defaultMessage: 'Timeline' },
});

/** A button's shortcut: found by it (data-shortcut), announced (aria-keyshortcuts) and shown as a key hint in the agent's language. */
const shortcutButton = (intl: IntlShape, id: ShortcutId) => ({
  'data-shortcut': id,
  'aria-keyshortcuts': shortcutKey(id),
  rightSection: <Kbd aria-hidden>{shortcutKey(id, intl)}</Kbd>,
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
  const intl = useIntl();
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
    return error ? <ErrorNotice error={error} /> : <Loader role="status" aria-label={intl.formatMessage(words.loading)} />;
  }
  const { booking, timeline } = data;
  const rules = profiles.find((profile) => profile.id === booking.profileId)?.statusRules ?? SPEC_STATUS_RULES;
  const cancellable = canCancel(booking, rules);
  const modifiable = canModify(booking, rules);
  const confirmed = isConfirmedStatus(booking.status, rules) && booking.bookingReference !== null;
  const people = madeAndChangedWords(intl, booking);
  const nights = nightsBetween(booking.checkIn, booking.checkOut);

  return (
    <Stack maw={1000} gap="lg">
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => openBooking(null)}>
          {intl.formatMessage(words.back)}
        </Button>
        <Group gap="xs">
          <BusyButton
            variant="default"
            busy={busy}
            disabled={!online || booking.serviceBookingId === null}
            onClick={() => void act((mainCall) => mainCall('bookings:refresh', { bookingId }))}
          >
            {intl.formatMessage(words.refresh)}
          </BusyButton>
          {isPayable(booking, rules) && (
            <Button
              disabled={!online}
              onClick={() => {
                resumePayment(booking);
                show('new-booking');
              }}
            >
              {intl.formatMessage(booking.paymentIntentId ? words.continueSecure : words.continuePayment)}
            </Button>
          )}
          {modifiable && (
            <Button variant="light" disabled={!online} onClick={() => openDialog('modify')} {...shortcutButton(intl, 'modify-booking')}>
              {intl.formatMessage(words.modify)}
            </Button>
          )}
          {cancellable && (
            <Button
              variant="light"
              color="red"
              disabled={!online}
              onClick={() => openDialog('cancel')}
              {...shortcutButton(intl, 'cancel-booking')}
            >
              {intl.formatMessage(words.cancel)}
            </Button>
          )}
          {confirmed && (
            <Button variant="default" onClick={() => openVoucher(booking.id)} {...shortcutButton(intl, 'print-voucher')}>
              {intl.formatMessage(words.voucher)}
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
        <Alert color="orange" title={intl.formatMessage(words.attentionTitle)} role="alert">
          <Stack gap="xs">
            <Text size="sm">{recordedWords(intl, booking.attention, booking.attentionWords)}</Text>
            <Group>
              <Button
                size="xs"
                color="orange"
                variant="white"
                onClick={() => void act((mainCall) => mainCall('bookings:acknowledge', { bookingId }))}
              >
                {intl.formatMessage(words.attentionChecked)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <PendingChangePanel booking={booking} online={online} onChanged={() => void load()} />
      {booking.inFlight === CHANGE_AWAITING_PAYMENT && (
        <Alert color="blue" title={intl.formatMessage(words.awaitingElsewhereTitle)} data-testid="change-awaiting-elsewhere">
          <Text size="sm">{intl.formatMessage(words.awaitingElsewhere)}</Text>
        </Alert>
      )}

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="md">
          <div>
            <Title order={2} ref={heading} tabIndex={-1} style={{ outlineOffset: 4 }}>
              {booking.holder.name} {booking.holder.surname}
            </Title>
            <Text c="dimmed">
              {intl.formatMessage(BOOKING_WORDS.packageAndHotel, { package: booking.packageTitle, hotel: booking.propertyName })}
            </Text>
            {people && (
              <Text size="sm" data-testid="booking-people">
                {people}
              </Text>
            )}
          </div>
          <StatusBadge booking={booking} size="xl" />
        </Group>
        <SimpleGrid cols={3} spacing="lg">
          <Field label={intl.formatMessage(words.bookingReference)}>
            <span className="mono">{booking.bookingReference ?? intl.formatMessage(words.notYet)}</span>
            {booking.bookingReference && (
              <Button size="compact-xs" variant="subtle" ml="xs" onClick={() => copyText(booking.bookingReference ?? '')}>
                {intl.formatMessage(words.copy)}
              </Button>
            )}
          </Field>
          <Field label={intl.formatMessage(words.clientReference)}>
            <span className="mono">{booking.clientReference}</span>
          </Field>
          <Field label={intl.formatMessage(words.serviceBookingId)}>
            {booking.serviceBookingId ?? intl.formatMessage(words.serviceBookingIdLost)}
          </Field>
          <Field label={intl.formatMessage(words.checkIn)}>{formatDate(booking.checkIn)}</Field>
          <Field label={intl.formatMessage(words.checkOut)}>{formatDate(booking.checkOut)}</Field>
          <Field label={intl.formatMessage(words.nights)}>
            {intl.formatMessage(words.nightCount, { count: nights, shown: formatNumber(nights) })}
          </Field>
          <Field label={intl.formatMessage(words.guests)}>
            {intl.formatMessage(words.guestCount, {
              count: booking.adults,
              shown: formatNumber(booking.adults),
              ages: booking.paxAges.map((age) => formatNumber(age)).join(', '),
            })}
          </Field>
          <Field label={intl.formatMessage(words.email)}>{booking.holder.email}</Field>
          <Field label={intl.formatMessage(words.total)}>
            <strong>{formatMoney(booking.totalMinor, booking.currency)}</strong>
          </Field>
          <Field label={intl.formatMessage(words.made)}>{formatDateTime(booking.createdAt)}</Field>
          <Field label={intl.formatMessage(words.lastChange)}>{formatDateTime(booking.updatedAt)}</Field>
          {(booking.originCounter !== null || counterName !== null) && (
            <Field label={intl.formatMessage(words.counter)}>
              {booking.originCounter !== null
                ? intl.formatMessage(words.madeAt, { counter: booking.originCounter })
                : intl.formatMessage(words.madeHere, { named: counterName !== null ? 'yes' : 'no', counter: counterName ?? '' })}
            </Field>
          )}
          <Field label={intl.formatMessage(words.mode)}>{intl.formatMessage(words.modeOf, { kind: booking.profileKind })}</Field>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg">
        <Title order={3} size="h4" mb="md">
          {intl.formatMessage(words.timeline)}
        </Title>
        <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2}>
          {timeline.map((event, index) => (
            <Timeline.Item key={index} title={recordedWords(intl, event.summary, event.words)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} {lineAuthorWords(intl, event)}
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
