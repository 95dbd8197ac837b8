import { useEffect, useState } from 'react';
import { Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../../shared/format';
import { call, describeError } from '../../bridge';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

/** A trainee's session on paper: every exercise tried, its time, and what went wrong; printed or saved as a PDF like a voucher. */
export function SessionReportView({ onBack }: { onBack: () => void }) {
  const { report, loadReport } = useTraining();
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<ReturnType<typeof describeError> | null>(null);
  useEffect(() => {
    void loadReport();
  }, [loadReport]);

  const savePdf = async () => {
    setSaving(true);
    setProblem(null);
    try {
      setSaved((await call('training:save-report-pdf', {})).path);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  if (!report) return <Loader role="status" aria-label="Loading the session report" />;
  return (
    <div className="voucher-page">
      <Group justify="space-between" className="no-print" mb="lg">
        <Button variant="subtle" onClick={onBack}>
          ← Back to the trainer
        </Button>
        <Group gap="xs">
          {saved && (
            <Text size="sm" role="status" c="dimmed">
              Saved to {saved}
            </Text>
          )}
          <Button variant="default" loading={saving} onClick={() => void savePdf()}>
            Save as PDF
          </Button>
          <Button onClick={() => window.print()} data-autofocus autoFocus>
            Print
          </Button>
        </Group>
      </Group>
      <div className="no-print">
        <ErrorNotice error={problem} onClose={() => setProblem(null)} />
      </div>
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
