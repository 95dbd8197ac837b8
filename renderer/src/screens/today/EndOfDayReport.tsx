import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Group, Loader, Text, Title } from '@mantine/core';
import { formatDate } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { EndOfDay } from '../../../../shared/reports';
import {
  MOVEMENT_WORDS,
  movementBooking,
  movementTime,
  REPORT_WORDS,
  reportAmount,
  unsettledAtClose,
} from '../../../../shared/report-wording';
import { useWording } from '../../i18n/use-wording';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { escapeTaken } from '../../components/escape-taken';
import { PrintBar } from '../../components/PrintBar';
import { useShortcutKeys } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { TakingsTable } from './TakingsTable';

const words = defineMessages({
  loading: { id: 'today.endOfDay.loading', defaultMessage: 'Loading the end-of-day report' },
  back: { id: 'today.endOfDay.back', defaultMessage: 'Today' },
  csvSaved: { id: 'today.endOfDay.csvSaved', defaultMessage: 'CSV saved to {path}' },
  saveCsv: { id: 'today.endOfDay.saveCsv', defaultMessage: 'Save CSV' },
  title: { id: 'today.endOfDay.title', defaultMessage: 'End-of-day report' },
  subtitle: {
    id: 'today.endOfDay.subtitle',
    defaultMessage:
      '{day} (UTC), this counter · {count, plural, one {# money movement} other {# money movements}} as the service recorded them',
  },
  nothingMoved: {
    id: 'today.endOfDay.nothingMoved',
    defaultMessage: 'Nothing was sold and no money moved at this counter on this day.',
  },
  movements: { id: 'today.endOfDay.movements', defaultMessage: 'Money movements' },
  time: { id: 'today.endOfDay.column.time', defaultMessage: 'Time' },
  movement: { id: 'today.endOfDay.column.movement', defaultMessage: 'Movement' },
  amount: { id: 'today.endOfDay.column.amount', defaultMessage: 'Amount' },
  booking: { id: 'today.endOfDay.column.booking', defaultMessage: 'Booking' },
  traveler: { id: 'today.endOfDay.column.traveler', defaultMessage: 'Traveler' },
  agent: { id: 'today.endOfDay.column.agent', defaultMessage: 'Agent' },
  movementTime: { id: 'today.endOfDay.movementTime', defaultMessage: '{time} UTC' },
  noAgent: { id: 'today.endOfDay.noAgent', defaultMessage: '—' },
  totals: { id: 'today.endOfDay.totals', defaultMessage: 'Totals per currency' },
  unsettled: { id: 'today.endOfDay.unsettled', defaultMessage: 'Unsettled at the close' },
  signature: { id: 'today.endOfDay.signature', defaultMessage: 'Signature' },
  closedByLine: { id: 'today.endOfDay.signature.closedBy', defaultMessage: 'Closed by: ______________________' },
  signatureLine: { id: 'today.endOfDay.signature.signature', defaultMessage: 'Signature: ______________________' },
  dateLine: { id: 'today.endOfDay.signature.date', defaultMessage: 'Date: ______________' },
});

/** A day's end-of-day report at this counter, printable (its movements, thousands on a busy day, in a plain table: cheap to draw and print): every money movement, the totals, what was open at the close, a signature line. */
export function EndOfDayReport({ profileId, day, onBack }: { profileId: number; day: string; onBack: () => void }) {
  const intl = useIntl();
  const wording = useWording();
  const [report, setReport] = useState<EndOfDay | null>(null);
  const [savedCsv, setSavedCsv] = useState<string | null>(null);
  const { run, error } = useMainCall();
  const csv = useMainCall();
  useShortcutKeys([['report-back', (event) => !escapeTaken(event) && onBack(), { preventDefault: false }]], { inTextFields: true });
  useEffect(() => {
    void run((call) => call('reports:end-of-day', { profileId, day }), setReport);
  }, [profileId, day, run]);

  if (error && !report) return <ErrorNotice error={error} />;
  if (!report) return <Loader role="status" aria-label={intl.formatMessage(words.loading)} />;
  const unsettled = unsettledAtClose(report, wording);
  return (
    <div>
      <PrintBar
        back={intl.formatMessage(words.back)}
        onBack={onBack}
        printFirst
        savePdf={async (call) => (await call('reports:save-pdf', { profileId, report: 'end-of-day', day })).path}
      >
        {savedCsv && (
          <Text size="sm" role="status" c="dimmed">
            {intl.formatMessage(words.csvSaved, { path: savedCsv })}
          </Text>
        )}
        <BusyButton
          variant="default"
          busy={csv.busy}
          onClick={() => void csv.run(async (call) => (await call('reports:end-of-day-csv', { profileId, day })).path, setSavedCsv)}
        >
          {intl.formatMessage(words.saveCsv)}
        </BusyButton>
      </PrintBar>
      <ErrorNotice error={csv.error} onClose={csv.clearError} />
      <article aria-label={intl.formatMessage(words.title)}>
        <Title order={2}>{intl.formatMessage(words.title)}</Title>
        <Text c="dimmed" mb="md">
          {intl.formatMessage(words.subtitle, { day: formatDate(report.day), count: report.movements.length })}
        </Text>
        {report.movements.length === 0 ? (
          <Text data-testid="nothing-moved">{intl.formatMessage(words.nothingMoved)}</Text>
        ) : (
          <table aria-label={intl.formatMessage(words.movements)} className="report-table">
            <thead>
              <tr>
                <th>{intl.formatMessage(words.time)}</th>
                <th>{intl.formatMessage(words.movement)}</th>
                <th className="amount">{intl.formatMessage(words.amount)}</th>
                <th>{intl.formatMessage(words.booking)}</th>
                <th>{intl.formatMessage(words.traveler)}</th>
                <th>{intl.formatMessage(words.agent)}</th>
              </tr>
            </thead>
            <tbody>
              {report.movements.map((line, index) => (
                <tr key={index}>
                  <td>{intl.formatMessage(words.movementTime, { time: movementTime(line.at) })}</td>
                  <td>{wording.say(MOVEMENT_WORDS[line.kind])}</td>
                  <td className="amount">{reportAmount(line.amountMinor, line.currency, wording)}</td>
                  <td>{movementBooking(line)}</td>
                  <td>{line.holder}</td>
                  <td>{line.agent || intl.formatMessage(words.noAgent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Title order={3} size="h4" mt="lg" mb="xs">
          {intl.formatMessage(words.totals)}
        </Title>
        <TakingsTable money={report.totals} label={intl.formatMessage(words.totals)} />
        <Title order={3} size="h4" mt="lg" mb="xs">
          {intl.formatMessage(words.unsettled)}
        </Title>
        {unsettled === null ? (
          <Text size="sm">{wording.say(REPORT_WORDS.nothingUnsettled)}</Text>
        ) : (
          <Text size="sm" data-testid="unsettled">
            {unsettled}
          </Text>
        )}
        <Group mt={48} gap={64} aria-label={intl.formatMessage(words.signature)}>
          <Text>{intl.formatMessage(words.closedByLine)}</Text>
          <Text>{intl.formatMessage(words.signatureLine)}</Text>
          <Text>{intl.formatMessage(words.dateLine)}</Text>
        </Group>
      </article>
    </div>
  );
}
