import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Group, Kbd, Text } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { useSignInShown, usePeople, useWorkingAgent } from '../stores/people-store';
import { shortcutKey } from './use-shortcuts';

const ROLE_WORDS = defineMessages({
  agent: { id: 'component.agentChip.role.agent', defaultMessage: 'Agent' },
  supervisor: { id: 'component.agentChip.role.supervisor', defaultMessage: 'Supervisor' },
  administrator: { id: 'component.agentChip.role.administrator', defaultMessage: 'Administrator' },
});

const words = defineMessages({
  lock: { id: 'component.agentChip.lock', defaultMessage: 'Lock' },
});

/** Who is working at the counter, and the lock at hand; nothing while the counter has no people yet. */
export function AgentChip() {
  const intl = useIntl();
  const agent = useWorkingAgent();
  const signInShown = useSignInShown();
  const lock = usePeople((state) => state.lock);
  if (!agent || signInShown) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="agent-chip">
      <div>
        <Text size="sm" fw={600} lh={1.1}>
          {agent.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.1}>
          {intl.formatMessage(ROLE_WORDS[agent.role])}
        </Text>
      </div>
      <Button
        size="xs"
        variant="default"
        onClick={() => void lock().catch(() => undefined)}
        aria-keyshortcuts="Control+L"
        rightSection={<Kbd size="xs">{shortcutKey('lock-screen', intl)}</Kbd>}
      >
        <FormattedMessage {...words.lock} />
      </Button>
    </Group>
  );
}
