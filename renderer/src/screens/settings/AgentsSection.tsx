import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Group, NumberInput, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { channels } from '../../../../shared/ipc';
import type { Role } from '../../../../shared/people';
import { idleLockMinutesSchema } from '../../../../shared/people';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { firstIssue, schemaErrors } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';
import { useMayCall, usePeople } from '../../stores/people-store';
import { defineMessages } from '../../../../shared/i18n/messages';
import { AgentRow, roleOptions } from './AgentRow';

const words = defineMessages({
  pinsDiffer: { id: 'settings.agents.add.pinsDiffer', defaultMessage: 'The two PINs differ; type the same PIN twice.' },
  nobody: {
    id: 'settings.agents.nobody',
    defaultMessage:
      'Nobody signs in at this counter yet. Adding its first live or test profile makes you its administrator; training never asks.',
  },
  title: { id: 'settings.agents.title', defaultMessage: 'Agents' },
  intro: {
    id: 'settings.agents.intro',
    defaultMessage: 'Agents sell; supervisors also approve refunds and changes marked by hand; administrators also set the counter up.',
  },
  add: { id: 'settings.agents.add', defaultMessage: 'Add agent' },
  name: { id: 'settings.agents.add.name', defaultMessage: 'Name' },
  role: { id: 'settings.agents.add.role', defaultMessage: 'Role' },
  pin: { id: 'settings.agents.add.pin', defaultMessage: 'PIN' },
  pinAgain: { id: 'settings.agents.add.pinAgain', defaultMessage: 'PIN again' },
  cancel: { id: 'settings.agents.add.cancel', defaultMessage: 'Cancel' },
  save: { id: 'settings.agents.add.save', defaultMessage: 'Save agent' },
  table: { id: 'settings.agents.table', defaultMessage: 'Agents of this counter' },
  nameColumn: { id: 'settings.agents.table.name', defaultMessage: 'Name' },
  roleColumn: { id: 'settings.agents.table.role', defaultMessage: 'Role' },
  signInColumn: { id: 'settings.agents.table.signIn', defaultMessage: 'Sign-in' },
  idleLock: { id: 'settings.agents.idleLock', defaultMessage: 'Lock the screen after this many minutes without use' },
  idleLockSave: { id: 'settings.agents.idleLock.save', defaultMessage: 'Save' },
});

interface NewAgentValues {
  name: string;
  role: Role;
  pin: string;
  pinAgain: string;
}

/** The people who may sign in at this counter, for an administrator: add, role, unlock, new PIN, and when the screen locks. */
export function AgentsSection() {
  const intl = useIntl();
  const { session, agents, load } = usePeople();
  const mayManage = useMayCall('people:add');
  const [adding, setAdding] = useState(false);
  const { run, busy, error, clearError } = useMainCall();
  const idle = useMainCall();
  const [minutes, setMinutes] = useState<number | string>(session?.idleLockMinutes ?? 5);
  const form = useForm<NewAgentValues>({
    initialValues: { name: '', role: 'agent', pin: '', pinAgain: '' },
    validate: (values) => ({
      ...schemaErrors(channels['people:add'].input, { name: values.name, role: values.role, pin: values.pin }, intl),
      ...(values.pin !== values.pinAgain ? { pinAgain: intl.formatMessage(words.pinsDiffer) } : {}),
    }),
  });

  if (!session?.administratorExists) {
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage(words.nobody)}
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
    <Card withBorder padding="lg" aria-label={intl.formatMessage(words.title)}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3} size="h4">
              {intl.formatMessage(words.title)}
            </Title>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(words.intro)}
            </Text>
          </div>
          {!adding && <Button onClick={() => setAdding(true)}>{intl.formatMessage(words.add)}</Button>}
        </Group>

        {adding && (
          <form
            aria-label={intl.formatMessage(words.add)}
            noValidate
            onSubmit={form.onSubmit((values) => void addAgent(values))}
            onKeyDown={(event) => event.key === 'Escape' && setAdding(false)}
          >
            <Stack gap="sm">
              <Group grow align="flex-start">
                <TextInput label={intl.formatMessage(words.name)} {...form.getInputProps('name')} autoFocus required />
                <Select
                  label={intl.formatMessage(words.role)}
                  data={roleOptions(intl)}
                  allowDeselect={false}
                  {...form.getInputProps('role')}
                />
              </Group>
              <Group grow align="flex-start">
                <PasswordInput label={intl.formatMessage(words.pin)} {...form.getInputProps('pin')} autoComplete="off" required />
                <PasswordInput label={intl.formatMessage(words.pinAgain)} {...form.getInputProps('pinAgain')} autoComplete="off" required />
              </Group>
              <ErrorNotice error={error} onClose={clearError} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAdding(false)} disabled={busy}>
                  {intl.formatMessage(words.cancel)}
                </Button>
                <BusyButton type="submit" busy={busy}>
                  {intl.formatMessage(words.save)}
                </BusyButton>
              </Group>
            </Stack>
          </form>
        )}

        <Table verticalSpacing={6} aria-label={intl.formatMessage(words.table)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(words.nameColumn)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.roleColumn)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.signInColumn)}</Table.Th>
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
            label={intl.formatMessage(words.idleLock)}
            min={1}
            max={240}
            allowDecimal={false}
            value={minutes}
            onChange={setMinutes}
            error={firstIssue(idleChecked, intl)}
            w={420}
          />
          <BusyButton type="submit" variant="default" busy={idle.busy} disabled={minutes === session.idleLockMinutes}>
            {intl.formatMessage(words.idleLockSave)}
          </BusyButton>
        </Group>
        <ErrorNotice error={idle.error} onClose={idle.clearError} />
      </Stack>
    </Card>
  );
}
