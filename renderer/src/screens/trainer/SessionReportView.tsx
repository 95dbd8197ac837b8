import { useEffect } from 'react';
import { Loader, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../../shared/format';
import { PrintBar } from '../../components/PrintBar';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

/** A trainee's session on paper: every exercise tried, its time, and what went wrong; printed or saved as a PDF like a voucher. */
export function SessionReportView({ onBack }: { onBack: () => void }) {
  const { report, loadReport } = useTraining();
  useEffect(() => {
    void loadReport();
  }, [loadReport]);

  if (!report) return <Loader role="status" aria-label="Loading the session report" />;
  return (
    <div className="voucher-page">
      <PrintBar
        back="Back to the trainer"
        onBack={onBack}
        savePdf={async (mainCall) => (await mainCall('training:save-report-pdf', {})).path}
        printFirst
      />
      <article aria-label="Session report">
        <Title order={2}>Training session: {report.trainee}</Title>
        <Text c="dimmed" mb="md">
          {report.passed} passed, {report.failed} not passed, {formatSeconds(report.totalSeconds)} in exercises. Training on the built-in
          service: no real booking was made and no money moved.
        </Text>
        {report.attempts.length === 0 ? (
          <Text>No exercise tried yet.</Text>
        ) : (
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Exercise</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>What went wrong</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.attempts.map((attempt) => (
                <Table.Tr key={attempt.id}>
                  <Table.Td>{attempt.title}</Table.Td>
                  <Table.Td>{formatDateTime(attempt.startedAt)}</Table.Td>
                  <Table.Td>{attempt.seconds === null ? '—' : formatSeconds(attempt.seconds)}</Table.Td>
                  <Table.Td>{attempt.passed === null ? 'Under way' : attempt.passed ? 'Passed' : 'Not passed'}</Table.Td>
                  <Table.Td>{attempt.problems.join(' ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </article>
    </div>
  );
}
