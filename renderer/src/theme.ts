import { createTheme } from '@mantine/core';
import type { ProfileKind } from '../../shared/profiles';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
});

/** One colour per mode, used everywhere the mode is shown, so LIVE never looks like TRAINING. */
export const MODE_COLORS: Record<ProfileKind, string> = {
  training: 'orange',
  test: 'blue',
  live: 'red',
};
