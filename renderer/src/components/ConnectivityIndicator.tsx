import { Group, Text, Tooltip } from '@mantine/core';
import { useAppStore } from '../stores/app-store';

/** A dot and a word: whether the active profile's service answers right now. */
export function ConnectivityIndicator() {
  const online = useAppStore((state) => state.online);
  const label = online ? 'Online' : 'Offline';
  const explanation = online
    ? 'The booking service answers.'
    : 'The booking service does not answer. History stays readable; new bookings wait until it is back.';
  return (
    <Tooltip label={explanation} multiline w={260}>
      <Group gap={6} wrap="nowrap" role="status" aria-label={`${label}: ${explanation}`} data-testid="connectivity">
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            background: online ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-red-6)',
          }}
        />
        <Text size="sm" fw={600} c={online ? '#1e6b30' : 'red.9'}>
          {label}
        </Text>
      </Group>
    </Tooltip>
  );
}
