import type { IntlShape } from 'react-intl';
import { defineMessages } from '../../../../shared/i18n/messages';

const words = defineMessages({
  minutes: { id: 'trainer.duration.minutes', defaultMessage: '{minutes} min {seconds} s' },
  seconds: { id: 'trainer.duration.seconds', defaultMessage: '{seconds} s' },
});

/** "4 min 12 s", "38 s": how long an exercise took, as a trainer reads it (in the screens' language). */
export function formatSeconds(intl: IntlShape, seconds: number): string {
  const whole = Math.max(Math.round(seconds), 0);
  const minutes = Math.floor(whole / 60);
  return minutes > 0
    ? intl.formatMessage(words.minutes, { minutes, seconds: whole % 60 })
    : intl.formatMessage(words.seconds, { seconds: whole });
}
