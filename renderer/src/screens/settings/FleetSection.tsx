import { Alert, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AgencyFleetStatus, FleetDesk } from '../../../../shared/agency';
import { channels } from '../../../../shared/ipc';
import { isBelowVersion } from '../../../../shared/version-order';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { schemaErrors } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';
import { useAgency } from '../../stores/agency-store';
import { useMayCall } from '../../stores/people-store';

/** Where a desk's updating stands, in a few words ("1.5.0 downloaded, installs at quit"). */
function updateWords(desk: FleetDesk): string {
  const next = desk.available ?? 'the update';
  switch (desk.state) {
    case null:
      return 'Not reported (an older Packdesk)';
    case 'off':
      return 'Updates off';
    case 'idle':
      return 'Waiting for its first check';
    case 'checking':
      return 'Checking the feed';
    case 'up-to-date':
      return 'Up to date';
    case 'not-offered':
      return 'Newer version not offered to it yet (staged)';
    case 'downloading':
      return `Downloading ${next}`;
    case 'downloaded':
      return `${next} downloaded, installs at quit`;
    case 'waiting-to-install':
      return `${next} installs once its work ends`;
    case 'installing':
      return `Installing ${next}`;
    case 'refused':
      return 'Update refused: file not the feed’s';
    case 'failed':
      return 'Feed could not be read';
  }
}

/** The version below which the agency's counters write nothing on its bookings, for an agency administrator's counter. */
function MinimumVersionForm({ minimum }: { minimum: string | null }) {
  const save = useMainCall();
  const form = useForm({
    initialValues: { version: minimum ?? '' },
    validate: (values) => schemaErrors(channels['agency:set-minimum-version'].input, values),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.run(
          (mainCall) => mainCall('agency:set-minimum-version', values),
          (status) => useAgency.getState().set(status),
        ),
      )}
    >
      <Stack gap="xs">
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Minimum version"
            description="A counter running an older Packdesk sells and changes nothing on the agency’s bookings until it is updated. Empty asks for none."
            placeholder="1.5.0"
            w={420}
            {...form.getInputProps('version')}
          />
          <BusyButton type="submit" busy={save.busy} variant="default">
            Save minimum
          </BusyButton>
        </Group>
        <ErrorNotice error={save.error} onClose={save.clearError} />
      </Stack>
    </form>
  );
}

/** Every counter of the agency with the Packdesk it runs and where its updating stands, and the agency's minimum version. */
export function FleetSection({ fleet }: { fleet: AgencyFleetStatus }) {
  const maySet = useMayCall('agency:set-minimum-version') && fleet.maySetMinimum;
  const below = (desk: FleetDesk) =>
    fleet.minimumVersion !== null && desk.version !== null && isBelowVersion(desk.version, fleet.minimumVersion);
  const hereRuns = fleet.desks.find((desk) => desk.thisCounter)?.version ?? null;
  const behind = fleet.minimumVersion !== null && hereRuns !== null && isBelowVersion(hereRuns, fleet.minimumVersion);
  return (
    <Card withBorder padding="md" role="group" aria-label="Counters of the agency" data-testid="fleet-section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Counters of the agency
        </Title>
        {fleet.minimumVersion !== null && (
          <Alert color={behind ? 'red' : 'blue'} variant="light" role={behind ? 'alert' : 'status'} data-testid="fleet-minimum">
            <Text size="sm">
              The agency asks every counter to run Packdesk {fleet.minimumVersion} or newer before it sells or changes its bookings.
              {behind && ` This counter runs ${hereRuns}: install the update (Updates, below) before selling on the agency’s profile.`}
            </Text>
          </Alert>
        )}
        <Table striped withTableBorder aria-label="Counters and their versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Counter</Table.Th>
              <Table.Th>Packdesk</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Updates</Table.Th>
              <Table.Th>Last seen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fleet.desks.map((desk) => (
              <Table.Tr key={`${desk.counterName}:${desk.seenAt}`} aria-label={`Counter ${desk.counterName}`}>
                <Table.Td>
                  {desk.counterName}
                  {desk.thisCounter && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      (this counter)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td c={below(desk) ? 'red' : undefined}>
                  {desk.version ?? '–'}
                  {below(desk) && ` (below ${fleet.minimumVersion})`}
                </Table.Td>
                <Table.Td>{desk.channel ?? '–'}</Table.Td>
                <Table.Td>{updateWords(desk)}</Table.Td>
                <Table.Td>{new Date(desk.seenAt).toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {maySet && <MinimumVersionForm minimum={fleet.minimumVersion} />}
      </Stack>
    </Card>
  );
}
