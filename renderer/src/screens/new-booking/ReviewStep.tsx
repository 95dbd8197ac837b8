import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { countdown, formatDate, formatMoney, plural } from '../../../../shared/format';
import { useNow } from '../../hooks/use-now';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

/** Step 4: everything that will be held and charged, and how long the price is held. */
export function ReviewStep() {
  const { quote, hold, holder, ages, busy, prebook, goTo } = useNewBooking();
  const online = useAppStore((state) => state.online);
  const now = useNow();
  const button = useRef<HTMLButtonElement>(null);
  // The button is disabled while the hold is being made; focus it once it can take Enter.
  useEffect(() => {
    if (!busy) button.current?.focus();
  }, [busy]);
  if (!quote?.available || !hold) return null;
  const expired = Date.parse(hold.expiresAt) <= now;

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      aria-label="Review"
      onSubmit={(event: React.SyntheticEvent) => {
        event.preventDefault();
        if (online && !busy) void prebook();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={3}>Review before holding</Title>
          <div role="timer" aria-label="Price held for" data-testid="hold-countdown">
            <Text size="sm" c="dimmed" ta="right">
              Price held for
            </Text>
            <Text
              size="xl"
              fw={700}
              c={expired ? 'red.7' : Date.parse(hold.expiresAt) - now < 120_000 ? 'orange.7' : 'indigo.7'}
              ta="right"
            >
              {countdown(hold.expiresAt, now)}
            </Text>
          </div>
        </Group>
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Package</Table.Th>
              <Table.Td>{quote.packageTitle}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Hotel</Table.Th>
              <Table.Td>{quote.propertyName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Stay</Table.Th>
              <Table.Td>
                {formatDate(quote.checkIn)} → {formatDate(quote.checkOut)} · {plural(quote.nights, 'night')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Guests</Table.Th>
              <Table.Td>
                {plural(quote.adults, 'adult')}, aged {ages.join(', ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Lead traveler</Table.Th>
              <Table.Td>
                {holder.name} {holder.surname} · {holder.email}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>To be charged</Table.Th>
              <Table.Td>
                <Text fw={700} size="lg" span>
                  {formatMoney(hold.totalMinor, hold.currency)}
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  at payment, after the hold
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {expired && (
          <Alert color="orange" title="The price hold has run out" role="alert">
            Holding now prices the stay again first; if the price changed, Packdesk shows the new one before anything is held.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Holding creates the booking as Pending. Nothing is charged until the payment step.
        </Text>
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo('traveler')}>
            Back
          </Button>
          <BusyButton ref={button} type="submit" busy={busy} disabled={!online}>
            Hold booking
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
