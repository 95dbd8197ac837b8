import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import type { TodayFigures } from '../../../../shared/reports';

const STATUS_COLORS: Record<string, string> = { Paid: 'green.6', Cancelled: 'orange.6', Failed: 'red.6', Pending: 'gray.5' };

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The day drawn: bookings made per hour (UTC) over the working day and any hour sold outside it, and the
 * bookings made by the status each has now. Its code (the charting library) loads when Today first
 * shows a day with sales, never with the first screen.
 */
export function DayCharts({ figures }: { figures: TodayFigures }) {
  const busy = figures.madeByHour.flatMap((n, hour) => (n > 0 ? [hour] : []));
  // The working day around the sales (07:00 to 20:00 at least), so one busy hour is seen in its day.
  const first = Math.min(busy[0] ?? 7, 7);
  const last = Math.max(busy.at(-1) ?? 19, 19);
  const most = Math.max(1, ...figures.madeByHour);
  const hours = figures.madeByHour.slice(first, last + 1).map((n, index) => ({ hour: hourLabel(first + index), bookings: n }));
  const statuses = figures.byStatus
    .filter((line) => line.n > 0)
    .map((line) => ({ name: line.status, value: line.n, color: STATUS_COLORS[line.status] ?? 'indigo.4' }));
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" data-testid="day-charts">
      <Stack gap={4} style={{ flex: 1 }}>
        <Text size="sm" c="dimmed">
          Bookings made per hour (UTC)
        </Text>
        {/* The chart as one image with its words (the library's own box may not carry a label); the exact counts are in the table. */}
        <div role="img" aria-label="Chart of bookings made per hour">
          <BarChart
            h={160}
            data={hours}
            dataKey="hour"
            series={[{ name: 'bookings', label: 'Bookings made', color: 'indigo.5' }]}
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
          By status now
        </Text>
        <div role="img" aria-label="Chart of bookings made by status">
          <DonutChart
            size={140}
            thickness={22}
            data={statuses}
            withTooltip={false}
            withLabels
            withLabelsLine={false}
            pieProps={{ isAnimationActive: false }}
            chartLabel={figures.made}
          />
        </div>
      </Stack>
    </Group>
  );
}
