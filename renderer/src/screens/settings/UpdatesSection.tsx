import { useEffect, useState } from 'react';
import { Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { channels } from '../../../../shared/ipc';
import type { UpdateChannel, UpdateStatus } from '../../../../shared/updates';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { schemaErrors } from '../../components/schema-form';
import { useMainCall, useMainEvent } from '../../hooks/use-main-call';
import { useMayCall } from '../../stores/people-store';

interface FeedValues {
  feedUrl: string;
  channel: UpdateChannel;
}

const CHANNELS = [
  { value: 'stable', label: 'Stable' },
  { value: 'early', label: 'Early' },
];

const lastCheckWords = (at: string | null) => (at ? `Last checked ${new Date(at).toLocaleString()}.` : 'Not checked yet.');

/** The feed and channel, for an administrator; its values are the saved ones when it is drawn. */
function FeedForm({ saved, onSaved }: { saved: FeedValues; onSaved: (status: UpdateStatus) => void }) {
  const save = useMainCall();
  const form = useForm<FeedValues>({
    initialValues: saved,
    validate: (values) => schemaErrors(channels['updates:configure'].input, values),
  });
  const saveFeed = (values: FeedValues) => save.run((mainCall) => mainCall('updates:configure', values), onSaved);
  return (
    <form onSubmit={form.onSubmit(saveFeed)}>
      <Stack gap="xs">
        <TextInput
          label="Feed address"
          description="The folder your agency or vendor serves the updates from (https). Empty turns updates off."
          placeholder="https://updates.example.com/packdesk/"
          {...form.getInputProps('feedUrl')}
        />
        <Group gap="sm" align="flex-end">
          <SegmentedControl aria-label="Update channel" data={CHANNELS} {...form.getInputProps('channel')} />
          <BusyButton type="submit" busy={save.busy} variant="default">
            Save
          </BusyButton>
        </Group>
        <ErrorNotice error={save.error} onClose={save.clearError} />
      </Stack>
    </form>
  );
}

/**
 * Where this counter's updates come from (the feed and its channel, for an administrator), how
 * they stand, a check now, and "Install now" once a version is downloaded (a supervisor's word).
 */
export function UpdatesSection() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const { run: runLoad, error: loadError } = useMainCall();
  const act = useMainCall();
  const mayConfigure = useMayCall('updates:configure');
  const mayInstall = useMayCall('updates:install-now');

  // Read when shown; later changes arrive as events.
  useEffect(() => void runLoad((mainCall) => mainCall('updates:status', {}), setStatus), [runLoad]);
  useMainEvent('event:updates-change', setStatus);

  const installable = status?.state === 'downloaded' || status?.state === 'waiting-to-install';

  return (
    <Card withBorder padding="md" role="group" aria-label="Updates" data-testid="updates-section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Updates
        </Title>
        {status && (
          <Text size="sm" data-testid="updates-state" data-state={status.state} role="status">
            Packdesk {status.version} on the {status.channel} channel. {status.message} {lastCheckWords(status.lastCheckAt)}
          </Text>
        )}
        <ErrorNotice error={loadError ?? act.error} onClose={act.clearError} />
        {status && mayConfigure && <FeedForm saved={{ feedUrl: status.feedUrl ?? '', channel: status.channel }} onSaved={setStatus} />}
        <Group gap="sm">
          {status?.feedUrl && (
            <BusyButton
              variant="default"
              busy={act.busy}
              onClick={() => void act.run((mainCall) => mainCall('updates:check', {}), setStatus)}
            >
              Check now
            </BusyButton>
          )}
          {installable && mayInstall && (
            <BusyButton busy={act.busy} onClick={() => void act.run((mainCall) => mainCall('updates:install-now', {}), setStatus)}>
              Install now
            </BusyButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
