import type { SyntheticEvent } from 'react';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { formatMoney, nightsBetween, plural } from '../../../../shared/format';
import { StayDateInput } from '../../components/StayDateInput';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

const today = () => new Date().toISOString().slice(0, 10);
/** A date field holds half-typed years (0002-03-10) while the agent types; only a full, real date counts. */
const isRealDate = (date: string | null): date is string =>
  Boolean(date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= '2000-01-01' && !Number.isNaN(Date.parse(date)));
const dayAfter = (date: string | null) =>
  isRealDate(date) ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : today();

/** Step 2: dates and adults, then the price in the booking currency. */
export function StayStep() {
  const { choice, checkIn, checkOut, adults, quote, busy, setStay, price, goTo } = useNewBooking();
  const online = useAppStore((state) => state.online);
  const complete = isRealDate(checkIn) && isRealDate(checkOut);
  const nights = complete ? nightsBetween(checkIn, checkOut) : 0;
  const datesError =
    complete && nights < 1 ? 'Check-out must be after check-in.' : complete && nights > 30 ? 'A stay is at most 30 nights.' : null;
  const pastError = isRealDate(checkIn) && checkIn < today() ? 'Check-in cannot be in the past.' : null;
  const ready = complete && !datesError && !pastError && adults >= 1;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (quote?.available) goTo('traveler');
    else if (ready && online) void price();
  };

  if (!choice) return null;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label="Stay">
      <Stack gap="md">
        <div>
          <Title order={3}>{choice.propertyName}</Title>
          <Text c="dimmed">{choice.packageTitle}</Text>
        </div>
        <SimpleGrid cols={3}>
          <StayDateInput
            label="Check-in"
            minDate={today()}
            value={checkIn}
            onChange={(value) => setStay({ checkIn: value })}
            error={pastError}
            autoFocus
            required
          />
          <StayDateInput
            label="Check-out"
            minDate={dayAfter(checkIn)}
            value={checkOut}
            onChange={(value) => setStay({ checkOut: value })}
            error={datesError}
            required
          />
          <NumberInput
            label="Adults"
            min={1}
            max={20}
            value={adults}
            onChange={(value) => setStay({ adults: Math.max(1, Math.min(20, Number(value) || 1)) })}
            allowDecimal={false}
            required
          />
        </SimpleGrid>
        {nights > 0 && (
          <Text size="sm">
            {plural(nights, 'night')}, {plural(adults, 'adult')}
          </Text>
        )}
        {quote && !quote.available && (
          <Alert color="yellow" title="Sold out" role="alert">
            {choice.propertyName} has no room for all of these nights. Try other dates, or go back and pick another hotel.
          </Alert>
        )}
        {quote?.available && (
          <Card bg="indigo.0" padding="md" aria-label="Price" role="region">
            <Group justify="space-between" align="flex-end">
              <div>
                <Text size="sm" c="dimmed">
                  Total for {plural(quote.nights, 'night')}, {plural(quote.adults, 'adult')}
                </Text>
                <Text size="xl" fw={700} data-testid="quote-total">
                  {formatMoney(quote.totalMinor, quote.currency)}
                </Text>
              </div>
              <Text size="sm" c="dimmed">
                about {formatMoney(quote.perNightMinor, quote.currency)} a night
              </Text>
            </Group>
          </Card>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo('search')}>
            Back
          </Button>
          {quote?.available ? (
            <Button type="submit">Continue to traveler</Button>
          ) : (
            <BusyButton type="submit" busy={busy} disabled={!ready || !online}>
              Check price
            </BusyButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
