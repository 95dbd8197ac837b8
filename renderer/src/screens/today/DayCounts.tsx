import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { plural } from '../../../../shared/format';
import type { TodayFigures } from '../../../../shared/reports';
import { onDemand } from '../on-demand';
import { TakingsTable } from './TakingsTable';

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

/** Bookings made per hour (UTC), the hours with sales only. */
export function SalesByHour({ figures }: { figures: TodayFigures }) {
  const hours = figures.madeByHour.map((n, hour) => ({ hour, n })).filter((line) => line.n > 0);
  if (hours.length === 0) return null;
  return (
    <Stack gap="sm">
      <Suspense fallback={null}>
        <DayCharts figures={figures} />
      </Suspense>
      <Table aria-label="Sales per hour" withTableBorder maw={420}>
        <Table.Tbody>
          {hours.map(({ hour, n }) => (
            <Table.Tr key={hour}>
              <Table.Th scope="row" w={190}>
                {String(hour).padStart(2, '0')}:00–{String(hour + 1).padStart(2, '0')}:00 UTC
              </Table.Th>
              <Table.Td ta="right">{n}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The day per agent or per desk: what each made, and the money of those bookings per currency. */
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
    <Table aria-label={label} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{heading}</Table.Th>
          <Table.Th ta="right">Made</Table.Th>
          <Table.Th>Money</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.name}>
            <Table.Th scope="row">{line.name}</Table.Th>
            <Table.Td ta="right">{line.made}</Table.Td>
            <Table.Td>
              <TakingsTable money={line.money} label={`Money of ${line.name}`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
