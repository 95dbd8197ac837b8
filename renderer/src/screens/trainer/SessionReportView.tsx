import { useEffect, useState } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import { Loader, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { SessionReport as SessionReportData } from '../../../../shared/training';
import { exerciseWords, sayCheck } from '../../../../shared/training-words';
import type { Language } from '../../../../shared/i18n/languages';
import { DocumentLanguage } from '../../components/DocumentLanguage';
import { PrintBar } from '../../components/PrintBar';
import { useLanguage } from '../../i18n/language-store';
import { useDocumentWords } from '../../i18n/use-document-words';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

const words = defineMessages({
  loading: { id: 'trainer.report.loading', defaultMessage: 'Loading the session report' },
  back: { id: 'trainer.report.back', defaultMessage: 'Back to the trainer' },
  language: { id: 'trainer.report.language', defaultMessage: 'The trainee’s language' },
  report: { id: 'trainer.report.article', defaultMessage: 'Session report' },
  title: { id: 'trainer.report.title', defaultMessage: 'Training session: {trainee}' },
  summary: {
    id: 'trainer.report.summary',
    defaultMessage:
      '{passed} passed, {failed} not passed, {time} in exercises. Training on the built-in service: no real booking was made and no money moved.',
  },
  none: { id: 'trainer.report.none', defaultMessage: 'No exercise tried yet.' },
  exercise: { id: 'trainer.report.column.exercise', defaultMessage: 'Exercise' },
  started: { id: 'trainer.report.column.started', defaultMessage: 'Started' },
  time: { id: 'trainer.report.column.time', defaultMessage: 'Time' },
  result: { id: 'trainer.report.column.result', defaultMessage: 'Result' },
  wentWrong: { id: 'trainer.report.column.wentWrong', defaultMessage: 'What went wrong' },
  noTime: { id: 'trainer.report.noTime', defaultMessage: '—' },
  underWay: { id: 'trainer.report.result.underWay', defaultMessage: 'Under way' },
  passed: { id: 'trainer.report.result.passed', defaultMessage: 'Passed' },
  notPassed: { id: 'trainer.report.result.notPassed', defaultMessage: 'Not passed' },
});

/** A trainee's session on paper: every exercise tried, its time, and what went wrong; printed or saved as a PDF like a voucher. */
export function SessionReportView({ onBack }: { onBack: () => void }) {
  const intl = useIntl();
  const { report, loadReport } = useTraining();
  // The trainee's language, for the report only: the trainer's screens stay in theirs.
  const [language, setLanguage] = useState<Language>(useLanguage.getState().language);
  const documentWords = useDocumentWords(language);
  useEffect(() => {
    void loadReport();
  }, [loadReport]);

  if (!report) return <Loader role="status" aria-label={intl.formatMessage(words.loading)} />;
  return (
    <div className="voucher-page">
      <PrintBar
        back={intl.formatMessage(words.back)}
        onBack={onBack}
        savePdf={async (mainCall) => (await mainCall('training:save-report-pdf', {})).path}
        printFirst
      >
        <DocumentLanguage label={intl.formatMessage(words.language)} value={language} onChange={setLanguage} />
      </PrintBar>
      {documentWords === null ? (
        <Loader role="status" aria-label={intl.formatMessage(words.loading)} />
      ) : (
        <RawIntlProvider value={documentWords}>
          <SessionReport report={report} />
        </RawIntlProvider>
      )}
    </div>
  );
}

/** The report itself, in the words and formats of the language it is printed in. */
function SessionReport({ report }: { report: SessionReportData }) {
  const intl = useIntl();
  return (
    <article aria-label={intl.formatMessage(words.report)} lang={intl.locale}>
      <Title order={2}>{intl.formatMessage(words.title, { trainee: report.trainee })}</Title>
      <Text c="dimmed" mb="md">
        {intl.formatMessage(words.summary, {
          passed: formatNumber(report.passed, intl.locale),
          failed: formatNumber(report.failed, intl.locale),
          time: formatSeconds(intl, report.totalSeconds),
        })}
      </Text>
      {report.attempts.length === 0 ? (
        <Text>{intl.formatMessage(words.none)}</Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(words.exercise)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.started)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.time)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.result)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.wentWrong)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.attempts.map((attempt) => (
              <Table.Tr key={attempt.id}>
                <Table.Td>{intl.formatMessage(exerciseWords[attempt.exerciseId].title)}</Table.Td>
                <Table.Td>{formatDateTime(attempt.startedAt, intl.locale)}</Table.Td>
                <Table.Td>{attempt.seconds === null ? intl.formatMessage(words.noTime) : formatSeconds(intl, attempt.seconds)}</Table.Td>
                <Table.Td>
                  {intl.formatMessage(attempt.passed === null ? words.underWay : attempt.passed ? words.passed : words.notPassed)}
                </Table.Td>
                <Table.Td>
                  {attempt.problemsSaid.map((said) => sayCheck((message, values) => intl.formatMessage(message, values), said)).join(' ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </article>
  );
}
