import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Badge, Button, Group, PasswordInput, Select, Table, Text } from '@mantine/core';
import type { AgentView, Role } from '../../../../shared/people';
import { pinSchema, roleSchema } from '../../../../shared/people';
import { ErrorNotice } from '../../components/ErrorNotice';
import { firstIssue } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';
import { formatLocale } from '../../../../shared/format';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { Message } from '../../../../shared/i18n/messages';
import { usePeople } from '../../stores/people-store';

const ROLE_LABELS: Record<Role, Message> = defineMessages({
  agent: { id: 'settings.agents.role.agent', defaultMessage: 'Agent' },
  supervisor: { id: 'settings.agents.role.supervisor', defaultMessage: 'Supervisor' },
  administrator: { id: 'settings.agents.role.administrator', defaultMessage: 'Administrator' },
});
/** The roles as a picker lists them, in the agent's language. */
export const roleOptions = (intl: IntlShape) =>
  roleSchema.options.map((role) => ({ value: role, label: intl.formatMessage(ROLE_LABELS[role]) }));

const words = defineMessages({
  row: { id: 'settings.agents.row', defaultMessage: 'Agent {name}' },
  role: { id: 'settings.agents.row.role', defaultMessage: 'Role of {name}' },
  lockedUntil: { id: 'settings.agents.row.lockedUntil', defaultMessage: 'Locked until {time}' },
  wrongPins: { id: 'settings.agents.row.wrongPins', defaultMessage: '{count, plural, one {# wrong PIN} other {# wrong PINs}}' },
  canSignIn: { id: 'settings.agents.row.canSignIn', defaultMessage: 'Can sign in' },
  unlock: { id: 'settings.agents.row.unlock', defaultMessage: 'Unlock' },
  newPin: { id: 'settings.agents.row.newPin', defaultMessage: 'New PIN' },
  newPinFor: { id: 'settings.agents.row.newPin.field', defaultMessage: 'New PIN for {name}' },
  newPinPlaceholder: { id: 'settings.agents.row.newPin.placeholder', defaultMessage: 'At least 4 characters' },
  savePin: { id: 'settings.agents.row.newPin.save', defaultMessage: 'Save PIN' },
  cancel: { id: 'settings.agents.row.newPin.cancel', defaultMessage: 'Cancel' },
});

/** "14:05" on the counter's clock, for a lock that ends today. */
const clockTime = (iso: string) => new Intl.DateTimeFormat(formatLocale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** One agent in Settings: their role, whether wrong PINs locked them, and an administrator's unlock and new PIN. */
export function AgentRow({ agent }: { agent: AgentView }) {
  const intl = useIntl();
  const load = usePeople((state) => state.load);
  const [newPin, setNewPin] = useState<string | null>(null);
  const [pinProblem, setPinProblem] = useState<string | null>(null);
  const { run, busy, error, clearError } = useMainCall();
  const change = (work: Parameters<typeof run>[0]) =>
    run(async (mainCall) => {
      await work(mainCall);
      await load();
    });

  const saveNewPin = async () => {
    const checked = pinSchema.safeParse(newPin ?? '');
    setPinProblem(firstIssue(checked, intl));
    if (!checked.success) return;
    if (await change((mainCall) => mainCall('people:reset-pin', { agentId: agent.id, pin: checked.data }))) setNewPin(null);
  };

  return (
    <>
      <Table.Tr aria-label={intl.formatMessage(words.row, { name: agent.name })}>
        <Table.Td>
          <Text fw={600}>{agent.name}</Text>
        </Table.Td>
        <Table.Td w={190}>
          <Select
            aria-label={intl.formatMessage(words.role, { name: agent.name })}
            size="xs"
            allowDeselect={false}
            data={roleOptions(intl)}
            value={agent.role}
            disabled={busy}
            onChange={(role) => role && void change((mainCall) => mainCall('people:set-role', { agentId: agent.id, role: role as Role }))}
          />
        </Table.Td>
        <Table.Td>
          {agent.lockedUntil ? (
            <Badge color="red" variant="light">
              {intl.formatMessage(words.lockedUntil, { time: clockTime(agent.lockedUntil) })}
            </Badge>
          ) : agent.failedTries > 0 ? (
            <Text size="sm" c="orange.8">
              {intl.formatMessage(words.wrongPins, { count: agent.failedTries })}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(words.canSignIn)}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {(agent.lockedUntil || agent.failedTries > 0) && (
              <Button size="xs" variant="light" onClick={() => void change((mainCall) => mainCall('people:unlock', { agentId: agent.id }))}>
                {intl.formatMessage(words.unlock)}
              </Button>
            )}
            {newPin === null && (
              <Button size="xs" variant="default" onClick={() => setNewPin('')}>
                {intl.formatMessage(words.newPin)}
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {(newPin !== null || error) && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            {newPin !== null && (
              <Group
                component="form"
                align="flex-start"
                onSubmit={(event) => {
                  event.preventDefault();
                  void saveNewPin();
                }}
              >
                <PasswordInput
                  aria-label={intl.formatMessage(words.newPinFor, { name: agent.name })}
                  placeholder={intl.formatMessage(words.newPinPlaceholder)}
                  value={newPin}
                  onChange={(event) => setNewPin(event.currentTarget.value)}
                  error={pinProblem}
                  autoComplete="off"
                  autoFocus
                  style={{ flexGrow: 1 }}
                />
                <Button type="submit" loading={busy}>
                  {intl.formatMessage(words.savePin)}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setNewPin(null);
                    setPinProblem(null);
                    clearError();
                  }}
                >
                  {intl.formatMessage(words.cancel)}
                </Button>
              </Group>
            )}
            <ErrorNotice error={error} onClose={clearError} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
