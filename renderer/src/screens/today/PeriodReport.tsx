import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Group, Loader, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDate, formatNumber } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import { periodRates } from '../../../../shared/report-wording';
import { useWording } from '../../i18n/use-wording';
import type { PeriodReport as Report } from '../../../../shared/reports';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { escapeTaken } from '../../components/escape-taken';
import { PrintBar } from '../../components/PrintBar';
import { useShortcutKeys } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { TakingsTable } from './TakingsTable';

const words = defineMessages({
  made: { id: 'today.period.column.made', defaultMessage: 'Made' },
  cancelled: { id: 'today.period.column.cancelled', defaultMessage: 'Cancelled' },
  back: { id: 'today.period.back', defaultMessage: 'Today' },
  csvSaved: { id: 'today.period.csvSaved', defaultMessage: 'CSV saved to {path}' },
  saveCsv: { id: 'today.period.saveCsv', defaultMessage: 'Save CSV' },
  from: { id: 'today.period.from', defaultMessage: 'From (YYYY-MM-DD)' },
  to: { id: 'today.period.to', defaultMessage: 'To (YYYY-MM-DD)' },
  show: { id: 'today.period.show', defaultMessage: 'Show' },
  loading: { id: 'today.period.loading', defaultMessage: 'Loading the period report' },
  title: { id: 'today.period.title', defaultMessage: 'Period report' },
  subtitle: { id: 'today.period.subtitle', defaultMessage: '{from} to {to} (UTC), this counter' },
  nothing: { id: 'today.period.nothing', defaultMessage: 'No booking was made at this counter in this period.' },
  packages: { id: 'today.period.packages', defaultMessage: 'Package' },
  hotels: { id: 'today.period.hotels', defaultMessage: 'Hotel' },
  money: { id: 'today.period.money', defaultMessage: 'Money per currency' },
});

function Sellers({ label, sellers }: { label: string; sellers: Report['topPackages'] }) {
  const intl = useIntl();
  return (
    <Table aria-label={label} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{label}</Table.Th>
          <Table.Th ta="right">{intl.formatMessage(words.made)}</Table.Th>
          <Table.Th ta="right">{intl.formatMessage(words.cancelled)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sellers.map((seller) => (
          <Table.Tr key={seller.name}>
            <Table.Td>{seller.name}</Table.Td>
            <Table.Td ta="right">{formatNumber(seller.made)}</Table.Td>
            <Table.Td ta="right">{formatNumber(seller.cancelled)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A week's or a month's report at this counter, from `day` back: top sellers, rates, days booked ahead, money per currency. */
export function PeriodReport({ profileId, day, onBack }: { profileId: number; day: string; onBack: () => void }) {
  const intl = useIntl();
  const wording = useWording();
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
        back={intl.formatMessage(words.back)}
        onBack={onBack}
        ready={report !== null}
        savePdf={async (call) =>
          report && (await call('reports:save-pdf', { profileId, report: 'period', from: report.from, to: report.to })).path
        }
      >
        {savedCsv && (
          <Text size="sm" role="status" c="dimmed">
            {intl.formatMessage(words.csvSaved, { path: savedCsv })}
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
          {intl.formatMessage(words.saveCsv)}
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
          <TextInput label={intl.formatMessage(words.from)} value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={180} />
          <TextInput label={intl.formatMessage(words.to)} value={to} onChange={(event) => setTo(event.currentTarget.value)} w={180} />
          <Button type="submit" variant="default">
            {intl.formatMessage(words.show)}
          </Button>
        </Group>
      </form>
      <ErrorNotice error={error} />
      {!report ? (
        !error && <Loader role="status" aria-label={intl.formatMessage(words.loading)} />
      ) : (
        <article aria-label={intl.formatMessage(words.title)}>
          <Title order={2}>{intl.formatMessage(words.title)}</Title>
          <Text c="dimmed" mb="md">
            {intl.formatMessage(words.subtitle, { from: formatDate(report.from), to: formatDate(report.to) })}
          </Text>
          {periodRates(report, wording) === null ? (
            <Text data-testid="period-nothing">{intl.formatMessage(words.nothing)}</Text>
          ) : (
            <Text data-testid="period-rates">{periodRates(report, wording)}</Text>
          )}
          <SimpleGrid cols={2} mt="md">
            <Sellers label={intl.formatMessage(words.packages)} sellers={report.topPackages} />
            <Sellers label={intl.formatMessage(words.hotels)} sellers={report.topHotels} />
          </SimpleGrid>
          <Title order={3} size="h4" mt="lg" mb="xs">
            {intl.formatMessage(words.money)}
          </Title>
          <TakingsTable money={report.money} label={intl.formatMessage(words.money)} />
        </article>
      )}
    </div>
  );
}
