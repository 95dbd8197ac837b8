import { useIntl } from 'react-intl';
import { Text } from '@mantine/core';
import { formatLocale } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useNow } from '../../hooks/use-now';

const words = defineMessages({
  endsAt: { id: 'trainer.clock.endsAt', defaultMessage: 'Ends at {at}, in {left}' },
});

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "Ends at 10:47, in 4:12", counting down each second (the time of day as the screens' language writes it). */
export function ScenarioClock({ endsAt }: { endsAt: string }) {
  const intl = useIntl();
  const now = useNow();
  const end = new Date(endsAt);
  const left = Math.max(Math.ceil((end.getTime() - now) / 1_000), 0);
  const at = new Intl.DateTimeFormat(formatLocale(), { hour: '2-digit', minute: '2-digit' }).format(end);
  return (
    <Text size="sm" fw={700} data-testid="scenario-clock" style={{ whiteSpace: 'nowrap' }}>
      {intl.formatMessage(words.endsAt, { at, left: `${Math.floor(left / 60)}:${twoDigits(left % 60)}` })}
    </Text>
  );
}
