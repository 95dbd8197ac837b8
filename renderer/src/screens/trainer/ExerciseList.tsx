import { useState } from 'react';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { ExerciseView } from '../../../../shared/training';
import { useTraining } from '../../stores/training-store';
import { formatSeconds } from './durations';

function LastResult({ exercise }: { exercise: ExerciseView }) {
  const last = exercise.last;
  if (!last) return null;
  if (last.passed === null) return <Badge color="blue">Under way</Badge>;
  return last.passed ? <Badge color="green">Passed · {formatSeconds(last.seconds ?? 0)}</Badge> : <Badge color="red">Not passed</Badge>;
}

/** The exercises, from the first booking to the hard days: each starts its scenario and gives its task. */
export function ExerciseList() {
  const { exercises, busy, start } = useTraining();
  // The one pressed shows it is starting; the others wait, disabled.
  const [pressed, setPressed] = useState<string | null>(null);
  return (
    <Stack gap="xs" role="list" aria-label="Exercises">
      {exercises.map((exercise) => (
        <Card key={exercise.id} withBorder padding="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{exercise.title}</Text>
                <LastResult exercise={exercise} />
              </Group>
              <Text size="sm" c="dimmed">
                {exercise.scenarios.length > 0 ? `With: ${exercise.scenarios.join(', ')}.` : 'A normal day at the service.'}
              </Text>
            </Stack>
            <BusyButton
              variant="light"
              busy={busy === 'starting' && pressed === exercise.id}
              disabled={busy !== null}
              aria-label={`Start ${exercise.title}`}
              onClick={() => {
                setPressed(exercise.id);
                void start(exercise.id);
              }}
            >
              Start
            </BusyButton>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
