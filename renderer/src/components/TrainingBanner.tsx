import { Group, Text } from '@mantine/core';

/** Always on top in training mode, so nobody mistakes a rehearsal for a sale. */
export function TrainingBanner() {
  return (
    <Group h={32} justify="center" bg="var(--mantine-color-orange-filled)" role="status" aria-label="Training mode">
      <Text size="sm" fw={700} c="white">
        TRAINING MODE · bookings go to the built-in training service · no real money moves
      </Text>
    </Group>
  );
}
