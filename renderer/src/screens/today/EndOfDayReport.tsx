import { useEffect, useState } from 'react';
import { Group, Loader, Text, Title } from '@mantine/core';
import { formatDate, plural } from '../../../../shared/format';
import { reportMoney } from '../../../../shared/report-money';
import type { EndOfDay } from '../../../../shared/reports';
import { MOVEMENT_WORDS, movementBooking, movementTime, NOTHING_UNSETTLED, unsettledAtClose } from '../../../../shared/report-words';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { escapeTaken } from '../../components/escape-taken';
import { PrintBar } from '../../components/PrintBar';
import { useShortcutKeys } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { TakingsTable } from './TakingsTable';

/** A day's end-of-day report at this counter, printable (its movements, thousands on a busy day, in a plain table: cheap to draw and print): every money movement, the totals, what was open at the close, a signature line. */
export function EndOfDayReport({ profileId, day, onBack }: { profileId: number; day: string; onBack: () => void }) {
  const [report, setReport] = useState<EndOfDay | null>(null);
  const [savedCsv, setSavedCsv] = useState<string | null>(null);
  const { run, error } = useMainCall();
  const csv = useMainCall();
  useShortcutKeys([['report-back', (event) => !escapeTaken(event) && onBack(), { preventDefault: false }]], { inTextFields: true });
  useEffect(() => {
    void run((call) => call('reports:end-of-day', { profileId, day }), setReport);
  }, [profileId, day, run]);

  if (error && !report) return <ErrorNotice error={error} />;
  if (!report) return <Loader role="status" aria-label="Loading the end-of-day report" />;
  return (
    <div>
      <PrintBar
        back="Today"
        onBack={onBack}
        printFirst
        savePdf={async (call) => (await call('reports:save-pdf', { profileId, report: 'end-of-day', day })).path}
      >
        {savedCsv && (
          <Text size="sm" role="status" c="dimmed">
            CSV saved to {savedCsv}
          </Text>
        )}
        <BusyButton
          variant="default"
          busy={csv.busy}
          onClick={() => void csv.run(async (call) => (await call('reports:end-of-day-csv', { profileId, day })).path, setSavedCsv)}
        >
          Save CSV
        </BusyButton>
      </PrintBar>
      <ErrorNotice error={csv.error} onClose={csv.clearError} />
      <article aria-label="End-of-day report">
        <Title order={2}>End-of-day report</Title>
        <Text c="dimmed" mb="md">
          {formatDate(report.day)} (UTC), this counter · {plural(report.movements.length, 'money movement')} as the service recorded them
        </Text>
        {report.movements.length === 0 ? (
          <Text data-testid="nothing-moved">Nothing was sold and no money moved at this counter on this day.</Text>
        ) : (
          <table aria-label="Money movements" className="report-table">
            <thead>
              <tr>
                <th>Time</th>
                <th>Movement</th>
                <th className="amount">Amount</th>
                <th>Booking</th>
                <th>Traveler</th>
                <th>Agent</th>
              </tr>
            </thead>
            <tbody>
              {report.movements.map((line, index) => (
                <tr key={index}>
                  <td>{movementTime(line.at)} UTC</td>
                  <td>{MOVEMENT_WORDS[line.kind]}</td>
                  <td className="amount">{reportMoney(line.amountMinor, line.currency)}</td>
                  <td>{movementBooking(line)}</td>
                  <td>{line.holder}</td>
                  <td>{line.agent || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Title order={3} size="h4" mt="lg" mb="xs">
          Totals per currency
        </Title>
        <TakingsTable money={report.totals} label="Totals per currency" />
        <Title order={3} size="h4" mt="lg" mb="xs">
          Unsettled at the close
        </Title>
        {unsettledAtClose(report) === null ? (
          <Text size="sm">{NOTHING_UNSETTLED}</Text>
        ) : (
          <Text size="sm" data-testid="unsettled">
            {unsettledAtClose(report)}
          </Text>
        )}
        <Group mt={48} gap={64} aria-label="Signature">
          <Text>Closed by: ______________________</Text>
          <Text>Signature: ______________________</Text>
          <Text>Date: ______________</Text>
        </Group>
      </article>
    </div>
  );
}
