import { useIntl } from 'react-intl';
import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { BusyButton } from '../../components/BusyButton';
import type { Attempt } from '../../../../shared/training';
import { exerciseWords, sayCheck } from '../../../../shared/training-words';
import { useNow } from '../../hooks/use-now';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

const words = defineMessages({
  underWay: { id: 'trainer.underWay.heading', defaultMessage: 'Exercise under way · {time}' },
  check: { id: 'trainer.underWay.check', defaultMessage: 'Check my work' },
  notOver: { id: 'trainer.underWay.notOver', defaultMessage: 'Not over yet' },
  passed: { id: 'trainer.outcome.passed', defaultMessage: 'Passed: {title}' },
  doneIn: { id: 'trainer.outcome.passed.time', defaultMessage: 'Done right in {time}.' },
  notPassed: { id: 'trainer.outcome.notPassed', defaultMessage: 'Not passed: {title}' },
  wentWrong: { id: 'trainer.outcome.wentWrong', defaultMessage: 'What went wrong:' },
  wentWrongAfter: { id: 'trainer.outcome.wentWrong.after', defaultMessage: 'What went wrong (after {time}):' },
});

/** The exercise the trainee is on: the task in words, the time running, and "Check my work". */
export function ExerciseUnderWay({ attempt }: { attempt: Attempt }) {
  const intl = useIntl();
  const exercise = exerciseWords[attempt.exerciseId];
  const { busy, check, outcome } = useTraining();
  const now = useNow();

  return (
    <Card withBorder padding="lg" bg="blue.0" aria-labelledby="exercise-under-way">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="blue.8">
              {intl.formatMessage(words.underWay, { time: formatSeconds(intl, (now - Date.parse(attempt.startedAt)) / 1000) })}
            </Text>
            <Title order={3} id="exercise-under-way">
              {intl.formatMessage(exercise.title)}
            </Title>
          </div>
          <BusyButton onClick={() => void check()} busy={busy === 'checking'} data-focus-next>
            {intl.formatMessage(words.check)}
          </BusyButton>
        </Group>
        <Text>{intl.formatMessage(exercise.task)}</Text>
        {outcome?.kind === 'not-over' && (
          <Alert color="yellow" title={intl.formatMessage(words.notOver)} role="status">
            {sayCheck((message, values) => intl.formatMessage(message, values), outcome.reason)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** How the last exercise came out: passed with its time, or what went wrong. */
export function ExerciseOutcome({ attempt }: { attempt: Attempt }) {
  const intl = useIntl();
  const title = intl.formatMessage(exerciseWords[attempt.exerciseId].title);
  if (attempt.passed)
    return (
      <Alert color="green" title={intl.formatMessage(words.passed, { title })} role="status">
        {intl.formatMessage(words.doneIn, { time: formatSeconds(intl, attempt.seconds ?? 0) })}
      </Alert>
    );
  return (
    <Alert color="red" title={intl.formatMessage(words.notPassed, { title })} role="alert">
      <Stack gap={4}>
        <Text size="sm">
          {attempt.seconds === null
            ? intl.formatMessage(words.wentWrong)
            : intl.formatMessage(words.wentWrongAfter, { time: formatSeconds(intl, attempt.seconds) })}
        </Text>
        <List size="sm">
          {attempt.problemsSaid
            .map((said) => sayCheck((message, values) => intl.formatMessage(message, values), said))
            .map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
        </List>
      </Stack>
    </Alert>
  );
}
