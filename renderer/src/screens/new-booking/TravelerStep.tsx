import { useEffect, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { firstIssue } from '../../components/schema-form';
import { holderInputSchema } from '../../../../shared/bookings';
import { formatMoney } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useAppStore } from '../../stores/app-store';
import { failureText, namesGuests, useNewBooking } from '../../stores/new-booking-store';

const words = defineMessages({
  form: { id: 'newBooking.traveler.form', defaultMessage: 'Traveler' },
  title: { id: 'newBooking.traveler.title', defaultMessage: 'Lead traveler' },
  name: { id: 'newBooking.traveler.name', defaultMessage: 'First name' },
  surname: { id: 'newBooking.traveler.surname', defaultMessage: 'Surname' },
  email: { id: 'newBooking.traveler.email', defaultMessage: 'E-mail' },
  ages: { id: 'newBooking.traveler.ages', defaultMessage: 'Guests’ ages' },
  agesExplained: {
    id: 'newBooking.traveler.ages.explanation',
    defaultMessage:
      'One age per guest, each an adult ({adultAge} or older): the stay was priced for {adults, plural, one {# adult} other {# adults}}, {total} in total.',
  },
  repriced: { id: 'newBooking.traveler.repriced', defaultMessage: 'Priced again' },
  repricedTitle: { id: 'newBooking.traveler.repriced.title', defaultMessage: 'Priced again for the changed stay' },
  repricedText: {
    id: 'newBooking.traveler.repriced.text',
    defaultMessage:
      'Now {total} for {adults, plural, one {# adult} other {# adults}} and {nights, plural, one {# night} other {# nights}}; before the change it was {totalBefore} for {adultsBefore, plural, one {# adult} other {# adults}} and {nightsBefore, plural, one {# night} other {# nights}}.',
  },
  guest: { id: 'newBooking.traveler.guest', defaultMessage: 'Guest {number}' },
  underAge: { id: 'newBooking.traveler.guest.underAge', defaultMessage: 'Under {adultAge}: priced as an adult' },
  ageMissing: { id: 'newBooking.traveler.guest.ageMissing', defaultMessage: 'Enter this guest’s age.' },
  ageOutOfRange: { id: 'newBooking.traveler.guest.ageOutOfRange', defaultMessage: 'Enter an age from 0 to 120.' },
  back: { id: 'newBooking.traveler.back', defaultMessage: 'Back' },
  continue: { id: 'newBooking.traveler.continue', defaultMessage: 'Continue to review' },
});

// The stay is priced by adults; the service may refuse a younger guest (the built-in one does), so the agent is told before sending.
const ADULT_AGE = 18;

/** Step 3: the lead traveler, and one age per guest, exactly as many as were priced. */
export function TravelerStep() {
  const intl = useIntl();
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
  const fieldError = (field: 'name' | 'surname' | 'email') => (touched ? firstIssue(parsed, intl, field) : null);
  const ageError = (age: string, index: number) =>
    touched && age === ''
      ? intl.formatMessage(words.ageMissing)
      : touched && (Number(age) < 0 || Number(age) > 120)
        ? intl.formatMessage(words.ageOutOfRange)
        : refused && refusedIndexes.has(index)
          ? failureText(intl, refused.message)
          : null;
  const valid = parsed.success && ages.every((age) => age !== '' && Number(age) >= 0 && Number(age) <= 120);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid && online) void startHold();
  };

  if (!quote?.available) return null;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label={intl.formatMessage(words.form)} noValidate>
      <Stack gap="md">
        <Title order={3}>
          <FormattedMessage {...words.title} />
        </Title>
        <SimpleGrid cols={3}>
          <TextInput
            ref={first}
            label={intl.formatMessage(words.name)}
            value={holder.name}
            onChange={(event) => setHolder({ name: event.currentTarget.value })}
            error={fieldError('name')}
            required
            autoComplete="off"
          />
          <TextInput
            label={intl.formatMessage(words.surname)}
            value={holder.surname}
            onChange={(event) => setHolder({ surname: event.currentTarget.value })}
            error={fieldError('surname')}
            required
            autoComplete="off"
          />
          <TextInput
            label={intl.formatMessage(words.email)}
            type="email"
            value={holder.email}
            onChange={(event) => setHolder({ email: event.currentTarget.value })}
            error={fieldError('email')}
            required
            autoComplete="off"
          />
        </SimpleGrid>
        <div>
          <Title order={4}>
            <FormattedMessage {...words.ages} />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              {...words.agesExplained}
              values={{ adultAge: ADULT_AGE, adults: quote.adults, total: formatMoney(quote.totalMinor, quote.currency) }}
            />
          </Text>
        </div>
        {repricedFrom && (
          <Alert color="blue" role="status" aria-label={intl.formatMessage(words.repriced)} title={intl.formatMessage(words.repricedTitle)}>
            <FormattedMessage
              {...words.repricedText}
              values={{
                total: formatMoney(quote.totalMinor, quote.currency),
                adults: quote.adults,
                nights: quote.nights,
                totalBefore: formatMoney(repricedFrom.totalMinor, repricedFrom.currency),
                adultsBefore: repricedFrom.adults,
                nightsBefore: repricedFrom.nights,
              }}
            />
          </Alert>
        )}
        <SimpleGrid cols={refused ? 3 : 6} ref={guests}>
          {ages.map((age, index) => (
            <NumberInput
              key={index}
              label={intl.formatMessage(words.guest, { number: index + 1 })}
              min={0}
              max={120}
              allowDecimal={false}
              value={age === '' ? '' : Number(age)}
              onChange={(value) => setAge(index, value === '' ? '' : String(value))}
              error={ageError(age, index)}
              description={
                age !== '' && Number(age) >= 0 && Number(age) < ADULT_AGE
                  ? intl.formatMessage(words.underAge, { adultAge: ADULT_AGE })
                  : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo('stay')}>
            <FormattedMessage {...words.back} />
          </Button>
          <BusyButton type="submit" busy={busy} disabled={!online}>
            <FormattedMessage {...words.continue} />
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
