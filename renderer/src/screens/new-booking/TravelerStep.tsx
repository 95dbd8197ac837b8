import { useEffect, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { holderInputSchema } from '../../../../shared/bookings';
import { formatMoney, plural } from '../../../../shared/format';
import { useAppStore } from '../../stores/app-store';
import { namesGuests, useNewBooking } from '../../stores/new-booking-store';

// The stay is priced by adults; the service may refuse a younger guest (the built-in one does), so the agent is told before sending.
const ADULT_AGE = 18;

/** Step 3: the lead traveler, and one age per guest, exactly as many as were priced. */
export function TravelerStep() {
  const { holder, ages, quote, repricedFrom, busy, error, setHolder, setAge, startHold, goTo } = useNewBooking();
  const online = useAppStore((state) => state.online);
  // Back here after changing the stay: what is still missing (a new guest's age) is flagged at once.
  const [touched, setTouched] = useState(() => ages.some((age) => age !== ''));
  const first = useRef<HTMLInputElement>(null);
  const guests = useRef<HTMLDivElement>(null);
  // The service's refusal of an age, on the guest it names (or every guest, when it names them all).
  const refused = namesGuests(error) ? error : null;
  const refusedIndexes = new Set(
    (refused?.fields ?? []).flatMap((field) => {
      const index = /paxes\[(\d+)\]/.exec(field)?.[1];
      return index === undefined ? ages.map((_, position) => position) : [Number(index)];
    }),
  );
  useEffect(() => {
    const flagged = guests.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    if (flagged && (refused || holderInputSchema.safeParse(useNewBooking.getState().holder).success)) flagged.focus();
    else first.current?.focus();
  }, [refused]);

  const parsed = holderInputSchema.safeParse(holder);
  const fieldError = (field: 'name' | 'surname' | 'email') =>
    touched && !parsed.success ? (parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null) : null;
  const ageError = (age: string, index: number) =>
    touched && age === ''
      ? 'Enter this guest’s age.'
      : touched && (Number(age) < 0 || Number(age) > 120)
        ? 'Enter an age from 0 to 120.'
        : refused && refusedIndexes.has(index)
          ? refused.message
          : null;
  const valid = parsed.success && ages.every((age) => age !== '' && Number(age) >= 0 && Number(age) <= 120);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid && online) void startHold();
  };

  if (!quote?.available) return null;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label="Traveler" noValidate>
      <Stack gap="md">
        <Title order={3}>Lead traveler</Title>
        <SimpleGrid cols={3}>
          <TextInput
            ref={first}
            label="First name"
            value={holder.name}
            onChange={(event) => setHolder({ name: event.currentTarget.value })}
            error={fieldError('name')}
            required
            autoComplete="off"
          />
          <TextInput
            label="Surname"
            value={holder.surname}
            onChange={(event) => setHolder({ surname: event.currentTarget.value })}
            error={fieldError('surname')}
            required
            autoComplete="off"
          />
          <TextInput
            label="E-mail"
            type="email"
            value={holder.email}
            onChange={(event) => setHolder({ email: event.currentTarget.value })}
            error={fieldError('email')}
            required
            autoComplete="off"
          />
        </SimpleGrid>
        <div>
          <Title order={4}>Guests’ ages</Title>
          <Text size="sm" c="dimmed">
            One age per guest, each an adult ({ADULT_AGE} or older): the stay was priced for {plural(quote.adults, 'adult')},{' '}
            {formatMoney(quote.totalMinor, quote.currency)} in total.
          </Text>
        </div>
        {repricedFrom && (
          <Alert color="blue" role="status" aria-label="Priced again" title="Priced again for the changed stay">
            Now {formatMoney(quote.totalMinor, quote.currency)} for {plural(quote.adults, 'adult')} and {plural(quote.nights, 'night')};
            before the change it was {formatMoney(repricedFrom.totalMinor, repricedFrom.currency)} for{' '}
            {plural(repricedFrom.adults, 'adult')} and {plural(repricedFrom.nights, 'night')}.
          </Alert>
        )}
        <SimpleGrid cols={refused ? 3 : 6} ref={guests}>
          {ages.map((age, index) => (
            <NumberInput
              key={index}
              label={`Guest ${index + 1}`}
              min={0}
              max={120}
              allowDecimal={false}
              value={age === '' ? '' : Number(age)}
              onChange={(value) => setAge(index, value === '' ? '' : String(value))}
              error={ageError(age, index)}
              description={age !== '' && Number(age) >= 0 && Number(age) < ADULT_AGE ? `Under ${ADULT_AGE}: priced as an adult` : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo('stay')}>
            Back
          </Button>
          <BusyButton type="submit" busy={busy} disabled={!online}>
            Continue to review
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
