import { Badge } from '@mantine/core';
import type { BookingRecord } from '../../../shared/bookings';
import { SPEC_STATUS_RULES, statusTone } from '../../../shared/status-rules';
import type { StatusTone } from '../../../shared/status-rules';
import { useAppStore } from '../stores/app-store';

const LOOK: Record<StatusTone, { color: string; variant: 'light' | 'outline'; explained: string }> = {
  held: { color: 'yellow', variant: 'light', explained: 'Held, not paid' },
  waiting: { color: 'cyan', variant: 'light', explained: 'Paid, waiting for the supplier' },
  confirmed: { color: 'green', variant: 'light', explained: 'Confirmed' },
  cancelled: { color: 'gray', variant: 'light', explained: 'Cancelled' },
  ended: { color: 'red', variant: 'light', explained: 'Ended without a sale' },
  // A status this profile's rules do not name: shown as the service wrote it, in no colour that claims a meaning.
  unknown: { color: 'dark', variant: 'outline', explained: 'The service’s own status; Packdesk keeps checking until it is final' },
};

/** A booking's status as the service wrote it, in a colour that says how settled it is under its profile's rules. */
export function StatusBadge({
  booking,
  size = 'md',
}: {
  booking: Pick<BookingRecord, 'status' | 'bookingReference' | 'profileId'>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const rules =
    useAppStore((state) => state.profiles.find((profile) => profile.id === booking.profileId)?.statusRules) ?? SPEC_STATUS_RULES;
  const tone = statusTone(booking, rules);
  const look = LOOK[tone];
  return (
    <Badge color={look.color} variant={look.variant} size={size} radius="sm" title={look.explained} data-tone={tone}>
      {booking.status}
    </Badge>
  );
}
