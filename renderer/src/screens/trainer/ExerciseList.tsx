import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { BusyButton } from '../../components/BusyButton';
import type { ExerciseView } from '../../../../shared/training';
import { exerciseWords, scenarioWords } from '../../../../shared/training-words';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

const words = defineMessages({
  underWay: { id: 'trainer.exercises.underWay', defaultMessage: 'Under way' },
  passed: { id: 'trainer.exercises.passed', defaultMessage: 'Passed · {time}' },
  notPassed: { id: 'trainer.exercises.notPassed', defaultMessage: 'Not passed' },
  list: { id: 'trainer.exercises.list', defaultMessage: 'Exercises' },
  with: { id: 'trainer.exercises.with', defaultMessage: 'With: {scenarios}.' },
  normalDay: { id: 'trainer.exercises.normalDay', defaultMessage: 'A normal day at the service.' },
  startNamed: { id: 'trainer.exercises.start.named', defaultMessage: 'Start {title}' },
  start: { id: 'trainer.exercises.start', defaultMessage: 'Start' },
});

function LastResult({ exercise }: { exercise: ExerciseView }) {
  const intl = useIntl();
  const last = exercise.last;
  if (!last) return null;
  if (last.passed === null) return <Badge color="blue">{intl.formatMessage(words.underWay)}</Badge>;
  return last.passed ? (
    <Badge color="green">{intl.formatMessage(words.passed, { time: formatSeconds(intl, last.seconds ?? 0) })}</Badge>
  ) : (
    <Badge color="red">{intl.formatMessage(words.notPassed)}</Badge>
  );
}

/** The exercises, from the first booking to the hard days: each starts its scenario and gives its task. */
export function ExerciseList() {
  const intl = useIntl();
  const { exercises, busy, start } = useTraining();
  // The one pressed shows it is starting; the others wait, disabled.
  const [pressed, setPressed] = useState<string | null>(null);
  return (
    <Stack gap="xs" role="list" aria-label={intl.formatMessage(words.list)}>
      {exercises.map((exercise) => {
        const title = intl.formatMessage(exerciseWords[exercise.id].title);
        const scenarios = exercise.scenarios.map((id) => intl.formatMessage(scenarioWords[id].title));
        return (
          <Card key={exercise.id} withBorder padding="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{title}</Text>
                  <LastResult exercise={exercise} />
                </Group>
                <Text size="sm" c="dimmed">
                  {scenarios.length > 0
                    ? intl.formatMessage(words.with, { scenarios: intl.formatList(scenarios, { type: 'unit' }) })
                    : intl.formatMessage(words.normalDay)}
                </Text>
              </Stack>
              <BusyButton
                variant="light"
                busy={busy === 'starting' && pressed === exercise.id}
                disabled={busy !== null}
                aria-label={intl.formatMessage(words.startNamed, { title })}
                onClick={() => {
                  setPressed(exercise.id);
                  void start(exercise.id);
                }}
              >
                {intl.formatMessage(words.start)}
              </BusyButton>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
