import { useState } from 'react';
import { Button, Card, Group, NumberInput, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { channels } from '../../../../shared/ipc';
import type { Role } from '../../../../shared/people';
import { idleLockMinutesSchema } from '../../../../shared/people';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { schemaErrors } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';
import { useMayCall, usePeople } from '../../stores/people-store';
import { AgentRow, ROLE_OPTIONS } from './AgentRow';

interface NewAgentValues {
  name: string;
  role: Role;
  pin: string;
  pinAgain: string;
}

/** The people who may sign in at this counter, for an administrator: add, role, unlock, new PIN, and when the screen locks. */
export function AgentsSection() {
  const { session, agents, load } = usePeople();
  const mayManage = useMayCall('people:add');
  const [adding, setAdding] = useState(false);
  const { run, busy, error, clearError } = useMainCall();
  const idle = useMainCall();
  const [minutes, setMinutes] = useState<number | string>(session?.idleLockMinutes ?? 5);
  const form = useForm<NewAgentValues>({
    initialValues: { name: '', role: 'agent', pin: '', pinAgain: '' },
    validate: (values) => ({
      ...schemaErrors(channels['people:add'].input, { name: values.name, role: values.role, pin: values.pin }),
      ...(values.pin !== values.pinAgain ? { pinAgain: 'The two PINs differ; type the same PIN twice.' } : {}),
    }),
  });

  if (!session?.administratorExists) {
    return (
      <Text size="sm" c="dimmed">
        Nobody signs in at this counter yet. Adding its first live or test profile makes you its administrator; training never asks.
      </Text>
    );
  }
  if (!mayManage) return null;

  const idleChecked = idleLockMinutesSchema.safeParse(minutes);
  const addAgent = (values: NewAgentValues) =>
    run(
      async (mainCall) => {
        await mainCall('people:add', { name: values.name, role: values.role, pin: values.pin });
        await load();
      },
      () => {
        form.reset();
        setAdding(false);
      },
    );

  return (
    <Card withBorder padding="lg" aria-label="Agents">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} size="h4">
              Agents
            </Title>
            <Text size="sm" c="dimmed">
              Agents sell; supervisors also approve refunds and changes marked by hand; administrators also set the counter up.
            </Text>
          </div>
          {!adding && <Button onClick={() => setAdding(true)}>Add agent</Button>}
        </Group>

        {adding && (
          <form
            aria-label="Add agent"
            noValidate
            onSubmit={form.onSubmit((values) => void addAgent(values))}
            onKeyDown={(event) => event.key === 'Escape' && setAdding(false)}
          >
            <Stack gap="sm">
              <Group grow align="flex-start">
                <TextInput label="Name" {...form.getInputProps('name')} autoFocus required />
                <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
              </Group>
              <Group grow align="flex-start">
                <PasswordInput label="PIN" {...form.getInputProps('pin')} autoComplete="off" required />
                <PasswordInput label="PIN again" {...form.getInputProps('pinAgain')} autoComplete="off" required />
              </Group>
              <ErrorNotice error={error} onClose={clearError} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAdding(false)} disabled={busy}>
                  Cancel
                </Button>
                <BusyButton type="submit" busy={busy}>
                  Save agent
                </BusyButton>
              </Group>
            </Stack>
          </form>
        )}

        <Table verticalSpacing={6} aria-label="Agents of this counter">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Sign-in</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((agent) => (
              <AgentRow key={agent.id} agent={agent} />
            ))}
          </Table.Tbody>
        </Table>

        <Group
          component="form"
          align="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (idleChecked.success)
              void idle.run((mainCall) => mainCall('people:set-idle-lock', { minutes: idleChecked.data }), usePeople.getState().setSession);
          }}
        >
          <NumberInput
            label="Lock the screen after this many minutes without use"
            min={1}
            max={240}
            allowDecimal={false}
            value={minutes}
            onChange={setMinutes}
            error={idleChecked.success ? null : idleChecked.error.issues[0]?.message}
            w={420}
          />
          <BusyButton type="submit" variant="default" busy={idle.busy} disabled={minutes === session.idleLockMinutes}>
            Save
          </BusyButton>
        </Group>
        <ErrorNotice error={idle.error} onClose={idle.clearError} />
      </Stack>
    </Card>
  );
}
