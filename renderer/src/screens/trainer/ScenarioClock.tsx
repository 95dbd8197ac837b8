import { Text } from '@mantine/core';
import { useNow } from '../../hooks/use-now';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "Ends at 10:47, in 4:12", counting down each second. */
export function ScenarioClock({ endsAt }: { endsAt: string }) {
  const now = useNow();
  const end = new Date(endsAt);
  const left = Math.max(Math.ceil((end.getTime() - now) / 1_000), 0);
  const at = `${twoDigits(end.getHours())}:${twoDigits(end.getMinutes())}`;
  return (
    <Text size="sm" fw={700} data-testid="scenario-clock" style={{ whiteSpace: 'nowrap' }}>
      Ends at {at}, in {Math.floor(left / 60)}:{twoDigits(left % 60)}
    </Text>
  );
}
