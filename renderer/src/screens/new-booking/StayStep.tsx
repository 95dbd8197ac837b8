import type { SyntheticEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { formatMoney, nightsBetween } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import { StayDateInput } from '../../components/StayDateInput';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

const words = defineMessages({
  form: { id: 'newBooking.stay.form', defaultMessage: 'Stay' },
  checkIn: { id: 'newBooking.stay.checkIn', defaultMessage: 'Check-in' },
  checkOut: { id: 'newBooking.stay.checkOut', defaultMessage: 'Check-out' },
  adults: { id: 'newBooking.stay.adults', defaultMessage: 'Adults' },
  checkOutBeforeCheckIn: { id: 'newBooking.stay.error.order', defaultMessage: 'Check-out must be after check-in.' },
  tooLong: { id: 'newBooking.stay.error.tooLong', defaultMessage: 'A stay is at most 30 nights.' },
  inThePast: { id: 'newBooking.stay.error.past', defaultMessage: 'Check-in cannot be in the past.' },
  length: {
    id: 'newBooking.stay.length',
    defaultMessage: '{nights, plural, one {# night} other {# nights}}, {adults, plural, one {# adult} other {# adults}}',
  },
  soldOut: { id: 'newBooking.stay.soldOut', defaultMessage: 'Sold out' },
  soldOutText: {
    id: 'newBooking.stay.soldOut.text',
    defaultMessage: '{hotel} has no room for all of these nights. Try other dates, or go back and pick another hotel.',
  },
  price: { id: 'newBooking.stay.price', defaultMessage: 'Price' },
  totalFor: {
    id: 'newBooking.stay.totalFor',
    defaultMessage: 'Total for {nights, plural, one {# night} other {# nights}}, {adults, plural, one {# adult} other {# adults}}',
  },
  perNight: { id: 'newBooking.stay.perNight', defaultMessage: 'about {price} a night' },
  back: { id: 'newBooking.stay.back', defaultMessage: 'Back' },
  continue: { id: 'newBooking.stay.continue', defaultMessage: 'Continue to traveler' },
  checkPrice: { id: 'newBooking.stay.checkPrice', defaultMessage: 'Check price' },
});

const today = () => new Date().toISOString().slice(0, 10);
/** A date field holds half-typed years (0002-03-10) while the agent types; only a full, real date counts. */
const isRealDate = (date: string | null): date is string =>
  Boolean(date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= '2000-01-01' && !Number.isNaN(Date.parse(date)));
const dayAfter = (date: string | null) =>
  isRealDate(date) ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : today();

/** Step 2: dates and adults, then the price in the booking currency. */
export function StayStep() {
  const intl = useIntl();
  const { choice, checkIn, checkOut, adults, quote, busy, setStay, price, goTo } = useNewBooking();
  const online = useAppStore((state) => state.online);
  const complete = isRealDate(checkIn) && isRealDate(checkOut);
  const nights = complete ? nightsBetween(checkIn, checkOut) : 0;
  const datesError =
    complete && nights < 1
      ? intl.formatMessage(words.checkOutBeforeCheckIn)
      : complete && nights > 30
        ? intl.formatMessage(words.tooLong)
        : null;
  const pastError = isRealDate(checkIn) && checkIn < today() ? intl.formatMessage(words.inThePast) : null;
  const ready = complete && !datesError && !pastError && adults >= 1;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (quote?.available) goTo('traveler');
    else if (ready && online) void price();
  };

  if (!choice) return null;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-label={intl.formatMessage(words.form)}>
      <Stack gap="md">
        <div>
          <Title order={3}>{choice.propertyName}</Title>
          <Text c="dimmed">{choice.packageTitle}</Text>
        </div>
        <SimpleGrid cols={3}>
          <StayDateInput
            label={intl.formatMessage(words.checkIn)}
            minDate={today()}
            value={checkIn}
            onChange={(value) => setStay({ checkIn: value })}
            error={pastError}
            autoFocus
            required
          />
          <StayDateInput
            label={intl.formatMessage(words.checkOut)}
            minDate={dayAfter(checkIn)}
            value={checkOut}
            onChange={(value) => setStay({ checkOut: value })}
            error={datesError}
            required
          />
          <NumberInput
            label={intl.formatMessage(words.adults)}
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
            <FormattedMessage {...words.length} values={{ nights, adults }} />
          </Text>
        )}
        {quote && !quote.available && (
          <Alert color="yellow" title={intl.formatMessage(words.soldOut)} role="alert">
            <FormattedMessage {...words.soldOutText} values={{ hotel: choice.propertyName }} />
          </Alert>
        )}
        {quote?.available && (
          <Card bg="indigo.0" padding="md" aria-label={intl.formatMessage(words.price)} role="region">
            <Group justify="space-between" align="flex-end">
              <div>
                <Text size="sm" c="dimmed">
                  <FormattedMessage {...words.totalFor} values={{ nights: quote.nights, adults: quote.adults }} />
                </Text>
                <Text size="xl" fw={700} data-testid="quote-total">
                  {formatMoney(quote.totalMinor, quote.currency)}
                </Text>
              </div>
              <Text size="sm" c="dimmed">
                <FormattedMessage {...words.perNight} values={{ price: formatMoney(quote.perNightMinor, quote.currency) }} />
              </Text>
            </Group>
          </Card>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo('search')}>
            <FormattedMessage {...words.back} />
          </Button>
          {quote?.available ? (
            <Button type="submit">
              <FormattedMessage {...words.continue} />
            </Button>
          ) : (
            <BusyButton type="submit" busy={busy} disabled={!ready || !online}>
              <FormattedMessage {...words.checkPrice} />
            </BusyButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
