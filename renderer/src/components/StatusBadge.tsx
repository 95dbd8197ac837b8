import { useIntl } from 'react-intl';
import { Badge } from '@mantine/core';
import type { BookingRecord } from '../../../shared/bookings';
import { UNCONFIRMED_HOLD } from '../../../shared/bookings';
import { defineMessages, PRODUCT_NAME } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import { SPEC_STATUS_RULES, statusTone } from '../../../shared/status-rules';
import type { StatusTone } from '../../../shared/status-rules';
import { useAppStore } from '../stores/app-store';
import { ServiceWords } from './ServiceWords';

const EXPLAINED = defineMessages({
  held: { id: 'component.statusBadge.tone.held', defaultMessage: 'Held, not paid' },
  waiting: { id: 'component.statusBadge.tone.waiting', defaultMessage: 'Paid, waiting for the supplier' },
  confirmed: { id: 'component.statusBadge.tone.confirmed', defaultMessage: 'Confirmed' },
  cancelled: { id: 'component.statusBadge.tone.cancelled', defaultMessage: 'Cancelled' },
  ended: { id: 'component.statusBadge.tone.ended', defaultMessage: 'Ended without a sale' },
  unknown: {
    id: 'component.statusBadge.tone.unknown',
    defaultMessage: 'The service’s own status; {product} keeps checking until it is final',
  },
});

/** The statuses Packdesk knows (the spec's, the training service's and its own), in the agent's language. */
const STATUS_WORDS = new Map<string, Message>(
  Object.entries(
    defineMessages({
      Pending: { id: 'component.statusBadge.status.pending', defaultMessage: 'Pending' },
      Paid: { id: 'component.statusBadge.status.paid', defaultMessage: 'Paid' },
      Cancelled: { id: 'component.statusBadge.status.cancelled', defaultMessage: 'Cancelled' },
      Confirming: { id: 'component.statusBadge.status.confirming', defaultMessage: 'Confirming' },
      Failed: { id: 'component.statusBadge.status.failed', defaultMessage: 'Failed' },
      [UNCONFIRMED_HOLD]: { id: 'component.statusBadge.status.unconfirmedHold', defaultMessage: 'Unconfirmed hold' },
    }),
  ),
);

const LOOK: Record<StatusTone, { color: string; variant: 'light' | 'outline' }> = {
  held: { color: 'yellow', variant: 'light' },
  waiting: { color: 'cyan', variant: 'light' },
  confirmed: { color: 'green', variant: 'light' },
  cancelled: { color: 'gray', variant: 'light' },
  ended: { color: 'red', variant: 'light' },
  // A status this profile's rules do not name: shown as the service wrote it, in no colour that claims a meaning.
  unknown: { color: 'dark', variant: 'outline' },
};

/**
 * A booking's status in a colour that says how settled it is under its profile's rules: a status Packdesk
 * knows in the agent's language, any other as the service wrote it.
 */
export function StatusBadge({
  booking,
  size = 'md',
}: {
  booking: Pick<BookingRecord, 'status' | 'bookingReference' | 'profileId'>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const intl = useIntl();
  const rules =
    useAppStore((state) => state.profiles.find((profile) => profile.id === booking.profileId)?.statusRules) ?? SPEC_STATUS_RULES;
  const tone = statusTone(booking, rules);
  const look = LOOK[tone];
  return (
    <Badge
      color={look.color}
      variant={look.variant}
      size={size}
      radius="sm"
      title={intl.formatMessage(EXPLAINED[tone], { product: PRODUCT_NAME })}
      data-tone={tone}
    >
      <StatusName status={booking.status} />
    </Badge>
  );
}

/** A status by name: one Packdesk knows in the agent's language, any other as the service wrote it, marked as the service's. */
export function StatusName({ status }: { status: string }) {
  const intl = useIntl();
  const known = STATUS_WORDS.get(status);
  return known ? intl.formatMessage(known) : <ServiceWords>{status}</ServiceWords>;
}
