import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { plural } from '../../../../shared/format';
import type { TodayFigures } from '../../../../shared/reports';
import { onDemand } from '../on-demand';
import { reportMoney } from '../../../../shared/report-money';

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
  const count = (status: string) => figures.byStatus.find((line) => line.status === status)?.n ?? 0;
  const others = figures.byStatus.filter((line) => !FIRST_STATUSES.includes(line.status));
  return (
    <Group gap="sm" aria-label="Bookings made by status" role="group">
      <Text fw={700} data-testid="made-count">
        {plural(figures.made, 'booking')} made
      </Text>
      {[...FIRST_STATUSES.map((status) => ({ status, n: count(status) })), ...others].map((line) => (
        <Badge
          key={line.status}
          size="lg"
          variant="light"
          color={line.status === 'Paid' ? 'green' : line.status === 'Pending' ? 'gray' : 'orange'}
        >
          {line.status}: {line.n}
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
      <table aria-label="Sales per hour" className="report-table hours">
        <tbody>
          {hours.map(({ hour, n }) => (
            <tr key={hour}>
              <th scope="row">
                {String(hour).padStart(2, '0')}:00–{String(hour + 1).padStart(2, '0')}:00 UTC
              </th>
              <td className="amount">{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

/** Each currency's amount on a line of its own, in one cell (a few lines of text, not a table per row). */
const perCurrency = (money: TodayFigures['money'], field: 'takings' | 'refunded') =>
  money.length === 0 ? '—' : money.map((line) => reportMoney(line[field], line.currency)).join('\n');

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
  return (
    <table aria-label={label} className="report-table">
      <thead>
        <tr>
          <th>{heading}</th>
          <th className="amount">Made</th>
          <th className="amount">Takings</th>
          <th className="amount">Refunded</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.name}>
            <th scope="row">{line.name}</th>
            <td className="amount">{line.made}</td>
            <td className="amount strong per-currency">{perCurrency(line.money, 'takings')}</td>
            <td className="amount per-currency">{perCurrency(line.money, 'refunded')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
