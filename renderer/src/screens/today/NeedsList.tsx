import { Button, Table, Text } from '@mantine/core';
import { plural } from '../../../../shared/format';
import type { TodayFigures } from '../../../../shared/reports';
import { useNow } from '../../hooks/use-now';
import { useAppStore } from '../../stores/app-store';
import { reportMoney, waitedFor } from '../../../../shared/report-money';

/** Changes still waiting for the traveler's payment, oldest first, with how long each has waited. */
export function WaitingChanges({ figures }: { figures: TodayFigures }) {
  const openBooking = useAppStore((state) => state.openBooking);
  const now = useNow(60_000);
  if (figures.changesWaitingTotal === 0)
    return (
      <Text c="dimmed" size="sm">
        No change is waiting for a traveler’s payment.
      </Text>
    );
  return (
    <Table aria-label="Changes waiting for payment" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Change</Table.Th>
          <Table.Th>Traveler</Table.Th>
          <Table.Th ta="right">To pay</Table.Th>
          <Table.Th>Waiting</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.changesWaiting.map((change) => (
          <Table.Tr key={change.bookingId}>
            <Table.Td>{change.reference}</Table.Td>
            <Table.Td>{change.holder}</Table.Td>
            <Table.Td ta="right">{change.amountMinor === null ? '—' : reportMoney(change.amountMinor, change.currency)}</Table.Td>
            <Table.Td>{change.requestedAt ? waitedFor(change.requestedAt, now) : 'since before Packdesk kept the time'}</Table.Td>
            <Table.Td>
              <Button size="compact-sm" variant="light" onClick={() => openBooking(change.bookingId)}>
                Open {change.clientReference}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      {figures.changesWaitingTotal > figures.changesWaiting.length && (
        <Table.Caption>
          The oldest {figures.changesWaiting.length} of {plural(figures.changesWaitingTotal, 'change')}.
        </Table.Caption>
      )}
    </Table>
  );
}

/** Bookings that need a person, newest first, each with what Packdesk says about it. */
export function FlaggedBookings({ figures }: { figures: TodayFigures }) {
  const openBooking = useAppStore((state) => state.openBooking);
  if (figures.flaggedTotal === 0)
    return (
      <Text c="dimmed" size="sm">
        No booking needs a person.
      </Text>
    );
  return (
    <Table aria-label="Bookings that need a person" withTableBorder>
      <Table.Tbody>
        {figures.flagged.map((booking) => (
          <Table.Tr key={booking.bookingId}>
            <Table.Td>{booking.holder}</Table.Td>
            <Table.Td>{booking.attention}</Table.Td>
            <Table.Td>
              <Button size="compact-sm" variant="light" onClick={() => openBooking(booking.bookingId)}>
                Open {booking.clientReference}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      {figures.flaggedTotal > figures.flagged.length && (
        <Table.Caption>
          The newest {figures.flagged.length} of {plural(figures.flaggedTotal, 'booking')}.
        </Table.Caption>
      )}
    </Table>
  );
}
