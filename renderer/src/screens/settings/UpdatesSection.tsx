import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
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

const words = defineMessages({
  stable: { id: 'settings.updates.channel.stable', defaultMessage: 'Stable' },
  early: { id: 'settings.updates.channel.early', defaultMessage: 'Early' },
  feed: { id: 'settings.updates.feed', defaultMessage: 'Feed address' },
  feedDescription: {
    id: 'settings.updates.feed.description',
    defaultMessage: 'The folder your agency or vendor serves the updates from (https). Empty turns updates off.',
  },
  channel: { id: 'settings.updates.channel', defaultMessage: 'Update channel' },
  save: { id: 'settings.updates.save', defaultMessage: 'Save' },
  title: { id: 'settings.updates.title', defaultMessage: 'Updates' },
  state: {
    id: 'settings.updates.state',
    defaultMessage:
      '{product} {version} on the {channel, select, early {early} other {stable}} channel. {message} {checked, select, yes {Last checked {at}.} other {Not checked yet.}}',
  },
  check: { id: 'settings.updates.check', defaultMessage: 'Check now' },
  install: { id: 'settings.updates.install', defaultMessage: 'Install now' },
});

/** What a feed address looks like. */
const FEED_EXAMPLE = 'https://updates.example.com/packdesk/';

/** The feed and channel, for an administrator; its values are the saved ones when it is drawn. */
function FeedForm({ saved, onSaved }: { saved: FeedValues; onSaved: (status: UpdateStatus) => void }) {
  const intl = useIntl();
  const save = useMainCall();
  const form = useForm<FeedValues>({
    initialValues: saved,
    validate: (values) => schemaErrors(channels['updates:configure'].input, values, intl),
  });
  const saveFeed = (values: FeedValues) => save.run((mainCall) => mainCall('updates:configure', values), onSaved);
  return (
    <form onSubmit={form.onSubmit(saveFeed)}>
      <Stack gap="xs">
        <TextInput
          label={intl.formatMessage(words.feed)}
          description={intl.formatMessage(words.feedDescription)}
          placeholder={FEED_EXAMPLE}
          {...form.getInputProps('feedUrl')}
        />
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label={intl.formatMessage(words.channel)}
            data={[
              { value: 'stable', label: intl.formatMessage(words.stable) },
              { value: 'early', label: intl.formatMessage(words.early) },
            ]}
            {...form.getInputProps('channel')}
          />
          <BusyButton type="submit" busy={save.busy} variant="default">
            {intl.formatMessage(words.save)}
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
  const intl = useIntl();
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
    <Card withBorder padding="md" role="group" aria-label={intl.formatMessage(words.title)} data-testid="updates-section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {intl.formatMessage(words.title)}
        </Title>
        {status && (
          <Text size="sm" data-testid="updates-state" data-state={status.state} role="status">
            {intl.formatMessage(words.state, {
              product: PRODUCT_NAME,
              version: status.version,
              channel: status.channel,
              message: status.message,
              checked: status.lastCheckAt ? 'yes' : 'no',
              at: status.lastCheckAt ? formatDateTime(status.lastCheckAt) : '',
            })}
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
              {intl.formatMessage(words.check)}
            </BusyButton>
          )}
          {installable && mayInstall && (
            <BusyButton busy={act.busy} onClick={() => void act.run((mainCall) => mainCall('updates:install-now', {}), setStatus)}>
              {intl.formatMessage(words.install)}
            </BusyButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
