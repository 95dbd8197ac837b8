import { useEffect } from 'react';
import { Group, Text } from '@mantine/core';
import { useActiveProfile } from '../stores/app-store';
import { useTraining } from '../stores/training-store';
import { shortcutKey } from './use-shortcuts';

/** Always on top in training mode, so nobody mistakes a rehearsal for a sale; it names the exercise under way, on every screen. */
export function TrainingBanner() {
  const profileId = useActiveProfile()?.id;
  const underWay = useTraining((state) => state.underWay);
  const load = useTraining((state) => state.load);
  const clear = useTraining((state) => state.clear);
  // Another trainee's profile: nothing of the last one's exercises stays on screen.
  useEffect(() => {
    clear();
    if (profileId !== undefined) void load();
  }, [profileId, load, clear]);

  return (
    <Group h={32} justify="center" bg="var(--mantine-color-orange-filled)" role="status" aria-label="Training mode">
      <Text size="sm" fw={700} c="white">
        {underWay
          ? `TRAINING · exercise under way: ${underWay.title} · ${shortcutKey('trainer')} for the task and to check it`
          : 'TRAINING MODE · bookings go to the built-in training service · no real money moves'}
      </Text>
    </Group>
  );
}
