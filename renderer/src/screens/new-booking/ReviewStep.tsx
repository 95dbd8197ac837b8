import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { countdown, formatDate, formatMoney } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import { useNow } from '../../hooks/use-now';
import { useAppStore } from '../../stores/app-store';
import { useNewBooking } from '../../stores/new-booking-store';

const words = defineMessages({
  form: { id: 'newBooking.review.form', defaultMessage: 'Review' },
  title: { id: 'newBooking.review.title', defaultMessage: 'Review before holding' },
  heldFor: { id: 'newBooking.review.heldFor', defaultMessage: 'Price held for' },
  package: { id: 'newBooking.review.package', defaultMessage: 'Package' },
  hotel: { id: 'newBooking.review.hotel', defaultMessage: 'Hotel' },
  stay: { id: 'newBooking.review.stay', defaultMessage: 'Stay' },
  stayValue: {
    id: 'newBooking.review.stay.value',
    defaultMessage: '{checkIn} → {checkOut} · {nights, plural, one {# night} other {# nights}}',
  },
  guests: { id: 'newBooking.review.guests', defaultMessage: 'Guests' },
  guestsValue: { id: 'newBooking.review.guests.value', defaultMessage: '{adults, plural, one {# adult} other {# adults}}, aged {ages}' },
  leadTraveler: { id: 'newBooking.review.leadTraveler', defaultMessage: 'Lead traveler' },
  leadTravelerValue: { id: 'newBooking.review.leadTraveler.value', defaultMessage: '{name} {surname} · {email}' },
  charged: { id: 'newBooking.review.charged', defaultMessage: 'To be charged' },
  chargedWhen: {
    id: 'newBooking.review.charged.when',
    defaultMessage: '<amount>{total}</amount> <when>at payment, after the hold</when>',
  },
  expired: { id: 'newBooking.review.expired', defaultMessage: 'The price hold has run out' },
  expiredText: {
    id: 'newBooking.review.expired.text',
    defaultMessage: 'Holding now prices the stay again first; if the price changed, {product} shows the new one before anything is held.',
  },
  explained: {
    id: 'newBooking.review.explanation',
    defaultMessage: 'Holding creates the booking as Pending. Nothing is charged until the payment step.',
  },
  back: { id: 'newBooking.review.back', defaultMessage: 'Back' },
  hold: { id: 'newBooking.review.hold', defaultMessage: 'Hold booking' },
});

/** Step 4: everything that will be held and charged, and how long the price is held. */
export function ReviewStep() {
  const intl = useIntl();
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
      aria-label={intl.formatMessage(words.form)}
      onSubmit={(event: React.SyntheticEvent) => {
        event.preventDefault();
        if (online && !busy) void prebook();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Title order={3}>
            <FormattedMessage {...words.title} />
          </Title>
          <div role="timer" aria-label={intl.formatMessage(words.heldFor)} data-testid="hold-countdown">
            <Text size="sm" c="dimmed" ta="right">
              <FormattedMessage {...words.heldFor} />
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
              <Table.Th w={200}>
                <FormattedMessage {...words.package} />
              </Table.Th>
              <Table.Td>{quote.packageTitle}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...words.hotel} />
              </Table.Th>
              <Table.Td>{quote.propertyName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...words.stay} />
              </Table.Th>
              <Table.Td>
                <FormattedMessage
                  {...words.stayValue}
                  values={{ checkIn: formatDate(quote.checkIn), checkOut: formatDate(quote.checkOut), nights: quote.nights }}
                />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...words.guests} />
              </Table.Th>
              <Table.Td>
                <FormattedMessage {...words.guestsValue} values={{ adults: quote.adults, ages: ages.join(', ') }} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...words.leadTraveler} />
              </Table.Th>
              <Table.Td>
                <FormattedMessage
                  {...words.leadTravelerValue}
                  values={{ name: holder.name, surname: holder.surname, email: holder.email }}
                />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...words.charged} />
              </Table.Th>
              <Table.Td>
                <FormattedMessage
                  {...words.chargedWhen}
                  values={{
                    total: formatMoney(hold.totalMinor, hold.currency),
                    amount: (chunks) => (
                      <Text fw={700} size="lg" span>
                        {chunks}
                      </Text>
                    ),
                    when: (chunks) => (
                      <Text span size="sm" c="dimmed">
                        {chunks}
                      </Text>
                    ),
                  }}
                />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {expired && (
          <Alert color="orange" title={intl.formatMessage(words.expired)} role="alert">
            <FormattedMessage {...words.expiredText} values={{ product: PRODUCT_NAME }} />
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          <FormattedMessage {...words.explained} />
        </Text>
        <Group justify="space-between">
          <Button variant="default" onClick={() => goTo('traveler')}>
            <FormattedMessage {...words.back} />
          </Button>
          <BusyButton ref={button} type="submit" busy={busy} disabled={!online}>
            <FormattedMessage {...words.hold} />
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
