import { useIntl } from 'react-intl';
import { Group, Text, Tooltip } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { useAppStore } from '../stores/app-store';

const words = defineMessages({
  online: { id: 'component.connectivity.online', defaultMessage: 'Online' },
  offline: { id: 'component.connectivity.offline', defaultMessage: 'Offline' },
  onlineExplained: { id: 'component.connectivity.online.explanation', defaultMessage: 'The booking service answers.' },
  offlineExplained: {
    id: 'component.connectivity.offline.explanation',
    defaultMessage: 'The booking service does not answer. History stays readable; new bookings wait until it is back.',
  },
  described: { id: 'component.connectivity.described', defaultMessage: '{state}: {explanation}' },
});

/** A dot and a word: whether the active profile's service answers right now. */
export function ConnectivityIndicator() {
  const intl = useIntl();
  const online = useAppStore((state) => state.online);
  const label = intl.formatMessage(online ? words.online : words.offline);
  const explanation = intl.formatMessage(online ? words.onlineExplained : words.offlineExplained);
  return (
    <Tooltip label={explanation} multiline w={260}>
      <Group
        gap={6}
        wrap="nowrap"
        role="status"
        aria-label={intl.formatMessage(words.described, { state: label, explanation })}
        data-testid="connectivity"
      >
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
