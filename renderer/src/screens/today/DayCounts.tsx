import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { TodayFigures } from '../../../../shared/reports';
import { ServiceWords } from '../../components/ServiceWords';
import { onDemand } from '../on-demand';
import { reportAmount } from '../../../../shared/report-wording';
import type { Wording } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/use-wording';
import { hourOfDay } from './hours';

const words = defineMessages({
  byStatus: { id: 'today.counts.byStatus', defaultMessage: 'Bookings made by status' },
  made: { id: 'today.counts.made', defaultMessage: '{count, plural, one {# booking made} other {# bookings made}}' },
  statusCount: { id: 'today.counts.statusCount', defaultMessage: '{status}: {count}' },
  salesPerHour: { id: 'today.counts.salesPerHour', defaultMessage: 'Sales per hour' },
  hour: { id: 'today.counts.hour', defaultMessage: '{from}–{to} UTC' },
  nothing: { id: 'today.counts.nothing', defaultMessage: '—' },
  madeColumn: { id: 'today.counts.column.made', defaultMessage: 'Made' },
  takings: { id: 'today.counts.column.takings', defaultMessage: 'Takings' },
  refunded: { id: 'today.counts.column.refunded', defaultMessage: 'Refunded' },
});

/** The charts' code (the charting library) loads when a day with sales is first shown, not before. */
const DayCharts = onDemand(() => import('./DayCharts').then((module) => module.DayCharts)).Component;

/** One part of the day, named by its heading (for a screen reader's list of regions too). */
export function TodaySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The statuses an agency asks about first, shown even at zero; any other status the service used follows. */
const FIRST_STATUSES = ['Paid', 'Cancelled', 'Failed'];

/** Bookings made today by the status each has now. */
export function StatusCounts({ figures }: { figures: TodayFigures }) {
  const intl = useIntl();
  const count = (status: string) => figures.byStatus.find((line) => line.status === status)?.n ?? 0;
  const others = figures.byStatus.filter((line) => !FIRST_STATUSES.includes(line.status));
  return (
    <Group gap="sm" aria-label={intl.formatMessage(words.byStatus)} role="group">
      <Text fw={700} data-testid="made-count">
        {intl.formatMessage(words.made, { count: figures.made })}
      </Text>
      {[...FIRST_STATUSES.map((status) => ({ status, n: count(status) })), ...others].map((line) => (
        <Badge
          key={line.status}
          size="lg"
          variant="light"
          color={line.status === 'Paid' ? 'green' : line.status === 'Pending' ? 'gray' : 'orange'}
        >
          {/* The status as the service names it; the count is ours. */}
          <FormattedMessage
            {...words.statusCount}
            values={{ status: <ServiceWords>{line.status}</ServiceWords>, count: formatNumber(line.n) }}
          />
        </Badge>
      ))}
    </Group>
  );
}

/** False until the screen's first frame is painted: the charts' code, the largest of the screen, is fetched and run after the figures show. */
function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setAfter(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return after;
}

/** Bookings made per hour (UTC), the hours with sales only. */
export function SalesByHour({ figures }: { figures: TodayFigures }) {
  const intl = useIntl();
  const chartsNow = useAfterFirstFrame();
  const hours = figures.madeByHour.map((n, hour) => ({ hour, n })).filter((line) => line.n > 0);
  if (hours.length === 0) return null;
  return (
    <Stack gap="sm">
      {chartsNow && (
        <Suspense fallback={null}>
          <DayCharts figures={figures} />
        </Suspense>
      )}
      <table aria-label={intl.formatMessage(words.salesPerHour)} className="report-table hours">
        <tbody>
          {hours.map(({ hour, n }) => (
            <tr key={hour}>
              <th scope="row">{intl.formatMessage(words.hour, { from: hourOfDay(hour), to: hourOfDay(hour + 1) })}</th>
              <td className="amount">{formatNumber(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

/** Each currency's amount on a line of its own, in one cell (a few lines of text, not a table per row). */
const perCurrency = (money: TodayFigures['money'], field: 'takings' | 'refunded', none: string, wording: Wording) =>
  money.length === 0 ? none : money.map((line) => reportAmount(line[field], line.currency, wording)).join('\n');

/** The day per agent or per desk: what each made, and the takings and refunds of those bookings in each currency. */
export function Breakdown({
  label,
  heading,
  lines,
}: {
  label: string;
  heading: string;
  lines: { name: string; made: number; money: TodayFigures['money'] }[];
}) {
  const intl = useIntl();
  const wording = useWording();
  const none = intl.formatMessage(words.nothing);
  return (
    <table aria-label={label} className="report-table">
      <thead>
        <tr>
          <th>{heading}</th>
          <th className="amount">{intl.formatMessage(words.madeColumn)}</th>
          <th className="amount">{intl.formatMessage(words.takings)}</th>
          <th className="amount">{intl.formatMessage(words.refunded)}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.name}>
            <th scope="row">{line.name}</th>
            <td className="amount">{formatNumber(line.made)}</td>
            <td className="amount strong per-currency">{perCurrency(line.money, 'takings', none, wording)}</td>
            <td className="amount per-currency">{perCurrency(line.money, 'refunded', none, wording)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
