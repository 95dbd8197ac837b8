import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { useIntl } from 'react-intl';
import { Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { TodayFigures } from '../../../../shared/reports';
import { hourOfDay } from './hours';

const words = defineMessages({
  perHour: { id: 'today.charts.perHour', defaultMessage: 'Bookings made per hour (UTC)' },
  perHourChart: { id: 'today.charts.perHour.chart', defaultMessage: 'Chart of bookings made per hour' },
  bookingsMade: { id: 'today.charts.perHour.series', defaultMessage: 'Bookings made' },
  byStatus: { id: 'today.charts.byStatus', defaultMessage: 'By status now' },
  byStatusChart: { id: 'today.charts.byStatus.chart', defaultMessage: 'Chart of bookings made by status' },
});

// The service's status names, coloured as the status counts above are.
const STATUS_COLORS: Record<string, string> = { Paid: 'green.6', Cancelled: 'orange.6', Failed: 'red.6', Pending: 'gray.5' };

/** A count on an axis, a label or a tooltip, as the active language writes it. */
const countFormatter = (value: number) => formatNumber(value);

/**
 * The day drawn: bookings made per hour (UTC) over the working day and any hour sold outside it, and the
 * bookings made by the status each has now. Its code (the charting library) loads when Today first
 * shows a day with sales, never with the first screen.
 */
export function DayCharts({ figures }: { figures: TodayFigures }) {
  const intl = useIntl();
  const busy = figures.madeByHour.flatMap((n, hour) => (n > 0 ? [hour] : []));
  // The working day around the sales (07:00 to 20:00 at least), so one busy hour is seen in its day.
  const first = Math.min(busy[0] ?? 7, 7);
  const last = Math.max(busy.at(-1) ?? 19, 19);
  const most = Math.max(1, ...figures.madeByHour);
  const hours = figures.madeByHour.slice(first, last + 1).map((n, index) => ({ hour: hourOfDay(first + index), bookings: n }));
  const statuses = figures.byStatus
    .filter((line) => line.n > 0)
    .map((line) => ({ name: line.status, value: line.n, color: STATUS_COLORS[line.status] ?? 'indigo.4' }));
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" data-testid="day-charts">
      <Stack gap={4} style={{ flex: 1 }}>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(words.perHour)}
        </Text>
        {/* The chart as one image with its words (the library's own box may not carry a label); the exact counts are in the table. */}
        <div role="img" aria-label={intl.formatMessage(words.perHourChart)}>
          <BarChart
            h={160}
            data={hours}
            dataKey="hour"
            series={[{ name: 'bookings', label: intl.formatMessage(words.bookingsMade), color: 'indigo.5' }]}
            valueFormatter={countFormatter}
            withTooltip={false}
            gridAxis="y"
            tickLine="none"
            yAxisProps={{
              allowDecimals: false,
              width: 30,
              domain: [0, most],
              // Every whole count on a quiet day; recharts' own choice once there are more than five.
              ...(most <= 5 ? { ticks: Array.from({ length: most + 1 }, (_, count) => count), interval: 0 } : {}),
            }}
            barProps={{ isAnimationActive: false }}
          />
        </div>
      </Stack>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {intl.formatMessage(words.byStatus)}
        </Text>
        <div role="img" aria-label={intl.formatMessage(words.byStatusChart)}>
          <DonutChart
            size={140}
            thickness={22}
            data={statuses}
            withTooltip={false}
            withLabels
            withLabelsLine={false}
            valueFormatter={countFormatter}
            pieProps={{ isAnimationActive: false }}
            chartLabel={formatNumber(figures.made)}
          />
        </div>
      </Stack>
    </Group>
  );
}
