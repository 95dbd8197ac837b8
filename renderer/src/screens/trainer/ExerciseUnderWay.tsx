import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { Attempt } from '../../../../shared/training';
import { useNow } from '../../hooks/use-now';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

/** The exercise the trainee is on: the task in words, the time running, and "Check my work". */
export function ExerciseUnderWay({ attempt, task }: { attempt: Attempt; task: string }) {
  const { busy, check, outcome } = useTraining();
  const now = useNow();

  return (
    <Card withBorder padding="lg" bg="blue.0" aria-labelledby="exercise-under-way">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="blue.8">
              Exercise under way · {formatSeconds((now - Date.parse(attempt.startedAt)) / 1000)}
            </Text>
            <Title order={3} id="exercise-under-way">
              {attempt.title}
            </Title>
          </div>
          <BusyButton onClick={() => void check()} busy={busy === 'checking'} data-focus-next>
            Check my work
          </BusyButton>
        </Group>
        <Text>{task}</Text>
        {outcome?.kind === 'not-over' && (
          <Alert color="yellow" title="Not over yet" role="status">
            {outcome.reason}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** How the last exercise came out: passed with its time, or what went wrong. */
export function ExerciseOutcome({ attempt }: { attempt: Attempt }) {
  if (attempt.passed)
    return (
      <Alert color="green" title={`Passed: ${attempt.title}`} role="status">
        Done right in {formatSeconds(attempt.seconds ?? 0)}.
      </Alert>
    );
  return (
    <Alert color="red" title={`Not passed: ${attempt.title}`} role="alert">
      <Stack gap={4}>
        <Text size="sm">What went wrong{attempt.seconds !== null ? ` (after ${formatSeconds(attempt.seconds)})` : ''}:</Text>
        <List size="sm">
          {attempt.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}
