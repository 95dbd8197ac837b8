import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Group, Text } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { exerciseWords } from '../../../shared/training-words';
import { useActiveProfile } from '../stores/app-store';
import { useTraining } from '../stores/training-store';
import { shortcutKey } from './use-shortcuts';

const words = defineMessages({
  label: { id: 'component.trainingBanner.label', defaultMessage: 'Training mode' },
  underWay: {
    id: 'component.trainingBanner.underWay',
    defaultMessage: 'TRAINING · exercise under way: {title} · {key} for the task and to check it',
  },
  idle: {
    id: 'component.trainingBanner.idle',
    defaultMessage: 'TRAINING MODE · bookings go to the built-in training service · no real money moves',
  },
});

/** Always on top in training mode, so nobody mistakes a rehearsal for a sale; it names the exercise under way, on every screen. */
export function TrainingBanner() {
  const intl = useIntl();
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
    <Group h={32} justify="center" bg="var(--mantine-color-orange-filled)" role="status" aria-label={intl.formatMessage(words.label)}>
      <Text size="sm" fw={700} c="white">
        {underWay
          ? intl.formatMessage(words.underWay, {
              title: intl.formatMessage(exerciseWords[underWay.exerciseId].title),
              key: shortcutKey('trainer', intl),
            })
          : intl.formatMessage(words.idle)}
      </Text>
    </Group>
  );
}
