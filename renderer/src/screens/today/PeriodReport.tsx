import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDate } from '../../../../shared/format';
import { periodRates } from '../../../../shared/report-words';
import type { PeriodReport as Report } from '../../../../shared/reports';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { escapeTaken } from '../../components/escape-taken';
import { PrintBar } from '../../components/PrintBar';
import { useShortcutKeys } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { TakingsTable } from './TakingsTable';

function Sellers({ label, sellers }: { label: string; sellers: Report['topPackages'] }) {
  return (
    <Table aria-label={label} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label}</Table.Th>
          <Table.Th ta="right">Made</Table.Th>
          <Table.Th ta="right">Cancelled</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sellers.map((seller) => (
          <Table.Tr key={seller.name}>
            <Table.Td>{seller.name}</Table.Td>
            <Table.Td ta="right">{seller.made}</Table.Td>
            <Table.Td ta="right">{seller.cancelled}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A week's or a month's report at this counter, from `day` back: top sellers, rates, days booked ahead, money per currency. */
export function PeriodReport({ profileId, day, onBack }: { profileId: number; day: string; onBack: () => void }) {
  const [from, setFrom] = useState(`${day.slice(0, 8)}01`);
  const [to, setTo] = useState(day);
  const [report, setReport] = useState<Report | null>(null);
  const [savedCsv, setSavedCsv] = useState<string | null>(null);
  const { run, error } = useMainCall();
  const csv = useMainCall();
  useShortcutKeys([['report-back', (event) => !escapeTaken(event) && onBack(), { preventDefault: false }]], { inTextFields: true });
  const show = useCallback(
    () => void run((call) => call('reports:period', { profileId, from, to }), setReport),
    [profileId, from, to, run],
  );
  // The month so far on arrival; afterwards, when the agent asks for it (Show, or Enter in a field).
  const showFirst = useRef(show);
  useEffect(() => showFirst.current(), []);

  return (
    <div>
      <PrintBar
        back="Today"
        onBack={onBack}
        ready={report !== null}
        savePdf={async (call) =>
          report && (await call('reports:save-pdf', { profileId, report: 'period', from: report.from, to: report.to })).path
        }
      >
        {savedCsv && (
          <Text size="sm" role="status" c="dimmed">
            CSV saved to {savedCsv}
          </Text>
        )}
        {/* The period on screen (the one last shown), a line per booking for a spreadsheet. */}
        <BusyButton
          variant="default"
          busy={csv.busy}
          disabled={!report}
          onClick={() =>
            report &&
            void csv.run(
              async (call) => (await call('reports:period-csv', { profileId, from: report.from, to: report.to })).path,
              setSavedCsv,
            )
          }
        >
          Save CSV
        </BusyButton>
      </PrintBar>
      <ErrorNotice error={csv.error} onClose={csv.clearError} />
      <form
        className="no-print"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <Group align="flex-end" mb="md">
          <TextInput label="From (YYYY-MM-DD)" value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={180} />
          <TextInput label="To (YYYY-MM-DD)" value={to} onChange={(event) => setTo(event.currentTarget.value)} w={180} />
          <Button type="submit" variant="default">
            Show
          </Button>
        </Group>
      </form>
      <ErrorNotice error={error} />
      {!report ? (
        !error && <Loader role="status" aria-label="Loading the period report" />
      ) : (
        <article aria-label="Period report">
          <Title order={2}>Period report</Title>
          <Text c="dimmed" mb="md">
            {formatDate(report.from)} to {formatDate(report.to)} (UTC), this counter
          </Text>
          {periodRates(report) === null ? (
            <Text data-testid="period-nothing">No booking was made at this counter in this period.</Text>
          ) : (
            <Text data-testid="period-rates">{periodRates(report)}</Text>
          )}
          <SimpleGrid cols={2} mt="md">
            <Sellers label="Package" sellers={report.topPackages} />
            <Sellers label="Hotel" sellers={report.topHotels} />
          </SimpleGrid>
          <Title order={3} size="h4" mt="lg" mb="xs">
            Money per currency
          </Title>
          <TakingsTable money={report.money} label="Money per currency" />
        </article>
      )}
    </div>
  );
}
