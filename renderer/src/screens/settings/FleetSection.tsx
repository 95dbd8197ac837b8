import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { Alert, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AgencyFleetStatus, FleetDesk } from '../../../../shared/agency';
import { formatDateTime } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import { channels } from '../../../../shared/ipc';
import { isBelowVersion } from '../../../../shared/version-order';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { schemaErrors } from '../../components/schema-form';
import { useMainCall } from '../../hooks/use-main-call';
import { useAgency } from '../../stores/agency-store';
import { useMayCall } from '../../stores/people-store';

const words = defineMessages({
  theUpdate: { id: 'settings.fleet.update.theUpdate', defaultMessage: 'the update' },
  notReported: { id: 'settings.fleet.update.notReported', defaultMessage: 'Not reported (an older {product})' },
  off: { id: 'settings.fleet.update.off', defaultMessage: 'Updates off' },
  idle: { id: 'settings.fleet.update.idle', defaultMessage: 'Waiting for its first check' },
  checking: { id: 'settings.fleet.update.checking', defaultMessage: 'Checking the feed' },
  upToDate: { id: 'settings.fleet.update.upToDate', defaultMessage: 'Up to date' },
  notOffered: { id: 'settings.fleet.update.notOffered', defaultMessage: 'Newer version not offered to it yet (staged)' },
  downloading: { id: 'settings.fleet.update.downloading', defaultMessage: 'Downloading {next}' },
  downloaded: { id: 'settings.fleet.update.downloaded', defaultMessage: '{next} downloaded, installs at quit' },
  waitingToInstall: { id: 'settings.fleet.update.waitingToInstall', defaultMessage: '{next} installs once its work ends' },
  installing: { id: 'settings.fleet.update.installing', defaultMessage: 'Installing {next}' },
  refused: { id: 'settings.fleet.update.refused', defaultMessage: 'Update refused: file not the feed’s' },
  failed: { id: 'settings.fleet.update.failed', defaultMessage: 'Feed could not be read' },
  minimum: { id: 'settings.fleet.minimum', defaultMessage: 'Minimum version' },
  minimumDescription: {
    id: 'settings.fleet.minimum.description',
    defaultMessage:
      'A counter running an older {product} sells and changes nothing on the agency’s bookings until it is updated. Empty asks for none.',
  },
  saveMinimum: { id: 'settings.fleet.minimum.save', defaultMessage: 'Save minimum' },
  title: { id: 'settings.fleet.title', defaultMessage: 'Counters of the agency' },
  asks: {
    id: 'settings.fleet.asks',
    defaultMessage: 'The agency asks every counter to run {product} {minimum} or newer before it sells or changes its bookings.',
  },
  asksBehind: {
    id: 'settings.fleet.asks.behind',
    defaultMessage:
      'The agency asks every counter to run {product} {minimum} or newer before it sells or changes its bookings. This counter runs {version}: install the update (Updates, below) before selling on the agency’s profile.',
  },
  table: { id: 'settings.fleet.table', defaultMessage: 'Counters and their versions' },
  counterColumn: { id: 'settings.fleet.table.counter', defaultMessage: 'Counter' },
  channelColumn: { id: 'settings.fleet.table.channel', defaultMessage: 'Channel' },
  updatesColumn: { id: 'settings.fleet.table.updates', defaultMessage: 'Updates' },
  seenColumn: { id: 'settings.fleet.table.seen', defaultMessage: 'Last seen' },
  row: { id: 'settings.fleet.row', defaultMessage: 'Counter {name}' },
  thisCounter: { id: 'settings.fleet.row.thisCounter', defaultMessage: '{name} <dim>(this counter)</dim>' },
  below: { id: 'settings.fleet.row.below', defaultMessage: '{version} (below {minimum})' },
  channel: { id: 'settings.fleet.row.channel', defaultMessage: '{channel, select, early {early} other {stable}}' },
});

/** Nothing known (no version, no channel reported). */
const NOTHING = '–';
/** What a version looks like, for the minimum's field. */
const VERSION_EXAMPLE = '1.5.0';

/** Where a desk's updating stands, in a few words ("1.5.0 downloaded, installs at quit"). */
function updateWords(intl: IntlShape, desk: FleetDesk): string {
  const next = desk.available ?? intl.formatMessage(words.theUpdate);
  switch (desk.state) {
    case null:
      return intl.formatMessage(words.notReported, { product: PRODUCT_NAME });
    case 'off':
      return intl.formatMessage(words.off);
    case 'idle':
      return intl.formatMessage(words.idle);
    case 'checking':
      return intl.formatMessage(words.checking);
    case 'up-to-date':
      return intl.formatMessage(words.upToDate);
    case 'not-offered':
      return intl.formatMessage(words.notOffered);
    case 'downloading':
      return intl.formatMessage(words.downloading, { next });
    case 'downloaded':
      return intl.formatMessage(words.downloaded, { next });
    case 'waiting-to-install':
      return intl.formatMessage(words.waitingToInstall, { next });
    case 'installing':
      return intl.formatMessage(words.installing, { next });
    case 'refused':
      return intl.formatMessage(words.refused);
    case 'failed':
      return intl.formatMessage(words.failed);
  }
}

/** The version below which the agency's counters write nothing on its bookings, for an agency administrator's counter. */
function MinimumVersionForm({ minimum }: { minimum: string | null }) {
  const intl = useIntl();
  const save = useMainCall();
  const form = useForm({
    initialValues: { version: minimum ?? '' },
    validate: (values) => schemaErrors(channels['agency:set-minimum-version'].input, values, intl),
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
            label={intl.formatMessage(words.minimum)}
            description={intl.formatMessage(words.minimumDescription, { product: PRODUCT_NAME })}
            placeholder={VERSION_EXAMPLE}
            w={420}
            {...form.getInputProps('version')}
          />
          <BusyButton type="submit" busy={save.busy} variant="default">
            {intl.formatMessage(words.saveMinimum)}
          </BusyButton>
        </Group>
        <ErrorNotice error={save.error} onClose={save.clearError} />
      </Stack>
    </form>
  );
}

/** Every counter of the agency with the Packdesk it runs and where its updating stands, and the agency's minimum version. */
export function FleetSection({ fleet }: { fleet: AgencyFleetStatus }) {
  const intl = useIntl();
  const maySet = useMayCall('agency:set-minimum-version') && fleet.maySetMinimum;
  const below = (desk: FleetDesk) =>
    fleet.minimumVersion !== null && desk.version !== null && isBelowVersion(desk.version, fleet.minimumVersion);
  const hereRuns = fleet.desks.find((desk) => desk.thisCounter)?.version ?? null;
  const behind = fleet.minimumVersion !== null && hereRuns !== null && isBelowVersion(hereRuns, fleet.minimumVersion);
  return (
    <Card withBorder padding="md" role="group" aria-label={intl.formatMessage(words.title)} data-testid="fleet-section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {intl.formatMessage(words.title)}
        </Title>
        {fleet.minimumVersion !== null && (
          <Alert color={behind ? 'red' : 'blue'} variant="light" role={behind ? 'alert' : 'status'} data-testid="fleet-minimum">
            <Text size="sm">
              {intl.formatMessage(behind ? words.asksBehind : words.asks, {
                product: PRODUCT_NAME,
                minimum: fleet.minimumVersion,
                version: hereRuns,
              })}
            </Text>
          </Alert>
        )}
        <Table striped withTableBorder aria-label={intl.formatMessage(words.table)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(words.counterColumn)}</Table.Th>
              <Table.Th>{PRODUCT_NAME}</Table.Th>
              <Table.Th>{intl.formatMessage(words.channelColumn)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.updatesColumn)}</Table.Th>
              <Table.Th>{intl.formatMessage(words.seenColumn)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fleet.desks.map((desk) => (
              <Table.Tr key={`${desk.counterName}:${desk.seenAt}`} aria-label={intl.formatMessage(words.row, { name: desk.counterName })}>
                <Table.Td>
                  {desk.thisCounter ? (
                    <FormattedMessage
                      {...words.thisCounter}
                      values={{
                        name: desk.counterName,
                        dim: (chunks) => (
                          <Text span c="dimmed" size="sm">
                            {chunks}
                          </Text>
                        ),
                      }}
                    />
                  ) : (
                    desk.counterName
                  )}
                </Table.Td>
                <Table.Td c={below(desk) ? 'red' : undefined}>
                  {below(desk)
                    ? intl.formatMessage(words.below, { version: desk.version, minimum: fleet.minimumVersion })
                    : (desk.version ?? NOTHING)}
                </Table.Td>
                <Table.Td>{desk.channel === null ? NOTHING : intl.formatMessage(words.channel, { channel: desk.channel })}</Table.Td>
                <Table.Td>{updateWords(intl, desk)}</Table.Td>
                <Table.Td>{formatDateTime(desk.seenAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {maySet && <MinimumVersionForm minimum={fleet.minimumVersion} />}
      </Stack>
    </Card>
  );
}
