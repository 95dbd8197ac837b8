import { useState } from 'react';
import { Badge, Button, Group, PasswordInput, Select, Table, Text } from '@mantine/core';
import type { AgentView, Role } from '../../../../shared/people';
import { pinSchema, roleSchema } from '../../../../shared/people';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import { usePeople } from '../../stores/people-store';

export const ROLE_LABELS: Record<Role, string> = { agent: 'Agent', supervisor: 'Supervisor', administrator: 'Administrator' };
export const ROLE_OPTIONS = roleSchema.options.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** "14:05" on the counter's clock, for a lock that ends today. */
const clockTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** One agent in Settings: their role, whether wrong PINs locked them, and an administrator's unlock and new PIN. */
export function AgentRow({ agent }: { agent: AgentView }) {
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
    setPinProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    if (await change((mainCall) => mainCall('people:reset-pin', { agentId: agent.id, pin: checked.data }))) setNewPin(null);
  };

  return (
    <>
      <Table.Tr aria-label={`Agent ${agent.name}`}>
        <Table.Td>
          <Text fw={600}>{agent.name}</Text>
        </Table.Td>
        <Table.Td w={190}>
          <Select
            aria-label={`Role of ${agent.name}`}
            size="xs"
            allowDeselect={false}
            data={ROLE_OPTIONS}
            value={agent.role}
            disabled={busy}
            onChange={(role) => role && void change((mainCall) => mainCall('people:set-role', { agentId: agent.id, role: role as Role }))}
          />
        </Table.Td>
        <Table.Td>
          {agent.lockedUntil ? (
            <Badge color="red" variant="light">
              Locked until {clockTime(agent.lockedUntil)}
            </Badge>
          ) : agent.failedTries > 0 ? (
            <Text size="sm" c="orange.8">
              {agent.failedTries} wrong {agent.failedTries === 1 ? 'PIN' : 'PINs'}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Can sign in
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {(agent.lockedUntil || agent.failedTries > 0) && (
              <Button size="xs" variant="light" onClick={() => void change((mainCall) => mainCall('people:unlock', { agentId: agent.id }))}>
                Unlock
              </Button>
            )}
            {newPin === null && (
              <Button size="xs" variant="default" onClick={() => setNewPin('')}>
                New PIN
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
                  aria-label={`New PIN for ${agent.name}`}
                  placeholder="At least 4 characters"
                  value={newPin}
                  onChange={(event) => setNewPin(event.currentTarget.value)}
                  error={pinProblem}
                  autoComplete="off"
                  autoFocus
                  style={{ flexGrow: 1 }}
                />
                <Button type="submit" loading={busy}>
                  Save PIN
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setNewPin(null);
                    setPinProblem(null);
                    clearError();
                  }}
                >
                  Cancel
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
