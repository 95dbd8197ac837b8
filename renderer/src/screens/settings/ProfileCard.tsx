import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ProfileView } from '../../../../shared/profiles';
import { isAnotherOrigin, MODE_LABELS } from '../../../../shared/profiles';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { focusIsLost } from '../../components/focus';
import { useMainCall } from '../../hooks/use-main-call';
import type { MainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';
import { MODE_COLORS } from '../../theme';
import { AgencyLedgerSection } from './AgencyLedgerSection';
import { ChangeApprovalRow } from './ChangeApprovalRow';
import { KEY_SLOTS } from './key-fields';
import { KeyRow } from './KeyRow';
import { StatusRulesEditor } from './StatusRulesEditor';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';

const words = defineMessages({
  card: { id: 'settings.profile.card', defaultMessage: 'Profile {name}' },
  inUse: { id: 'settings.profile.inUse', defaultMessage: 'In use' },
  use: { id: 'settings.profile.use', defaultMessage: 'Use this profile' },
  edit: { id: 'settings.profile.edit', defaultMessage: 'Edit' },
  remove: { id: 'settings.profile.remove', defaultMessage: 'Remove' },
  removeQuestion: { id: 'settings.profile.remove.question', defaultMessage: 'Remove {name}?' },
  removeText: {
    id: 'settings.profile.remove.text',
    defaultMessage: 'Remove “{name}” and delete its keys from the keychain? Bookings already made stay in the history.',
  },
  keep: { id: 'settings.profile.remove.keep', defaultMessage: 'Keep it' },
  removeProfile: { id: 'settings.profile.remove.confirm', defaultMessage: 'Remove profile' },
  name: { id: 'settings.profile.name', defaultMessage: 'Profile name' },
  baseUrl: { id: 'settings.profile.baseUrl', defaultMessage: 'Service address' },
  cancel: { id: 'settings.profile.cancel', defaultMessage: 'Cancel' },
  save: { id: 'settings.profile.save', defaultMessage: 'Save' },
  moving: { id: 'settings.profile.moving', defaultMessage: 'A new service address' },
  movingText: {
    id: 'settings.profile.moving.text',
    defaultMessage:
      'The keys of this profile were given for {host}, and go nowhere else: when you save, {product} asks you to confirm the move, then deletes them. Add the keys the new address gave you afterwards. An e-mail saying the service has moved can be a trick to get your keys: move only if your provider confirmed it.',
  },
  builtIn: {
    id: 'settings.profile.builtIn',
    defaultMessage: 'Built-in training service on this computer. Needs no set-up and moves no money.',
  },
  keys: { id: 'settings.profile.keys', defaultMessage: 'Keys of {name}' },
});

/** One profile: its mode, address and keys, and what can be done with it. */
export function ProfileCard({ profile, active }: { profile: ProfileView; active: boolean }) {
  const intl = useIntl();
  const { refresh, activate } = useAppStore();
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [name, setName] = useState(profile.name);
  const [baseUrl, setBaseUrl] = useState(profile.baseUrl);
  const { run: runCall, error: callError, clearError: clearCallError } = useMainCall();
  // Saving the name and address has its own busy flag: only Save spins.
  const { run: runSave, busy: saving, error: saveError, clearError: clearSaveError } = useMainCall();
  const error = saveError ?? callError;
  const clearErrors = () => {
    clearCallError();
    clearSaveError();
  };
  const editButton = useRef<HTMLButtonElement>(null);
  // The form closed (saved or Cancel): the focus goes back to the button that opened it.
  useEffect(() => {
    if (!editing && focusIsLost()) editButton.current?.focus();
  }, [editing]);
  // Keys belong to the origin they were given for: a move to another one deletes them (main asks first).
  const moving = editing && !profile.builtIn && isAnotherOrigin(profile.baseUrl, baseUrl);

  /** A change to the profile, then the profiles read again; resolves to whether it was made. */
  const run = (work: (mainCall: MainCall) => Promise<unknown>, runner = runCall) =>
    runner(async (mainCall) => {
      await work(mainCall);
      await refresh();
    });

  return (
    <Card withBorder padding="lg" aria-label={intl.formatMessage(words.card, { name: profile.name })} data-testid="profile-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={3} size="h4">
              {profile.name}
            </Title>
            <Badge color={MODE_COLORS[profile.kind]} variant="light" radius="sm">
              <FormattedMessage {...MODE_LABELS[profile.kind]} />
            </Badge>
            {active && (
              <Badge color="green" variant="filled" radius="sm">
                {intl.formatMessage(words.inUse)}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {!active && (
              <Button size="xs" variant="light" onClick={() => void run(() => activate(profile.id))}>
                {intl.formatMessage(words.use)}
              </Button>
            )}
            {!profile.builtIn && !editing && (
              <Button size="xs" variant="default" onClick={() => setEditing(true)} ref={editButton}>
                {intl.formatMessage(words.edit)}
              </Button>
            )}
            {!profile.builtIn && !confirmingRemove && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingRemove(true)}>
                {intl.formatMessage(words.remove)}
              </Button>
            )}
          </Group>
        </Group>

        <ErrorNotice error={error} onClose={clearErrors} />

        {confirmingRemove && (
          <Group
            justify="space-between"
            p="sm"
            bg="red.0"
            style={{ borderRadius: 8 }}
            role="alertdialog"
            aria-label={intl.formatMessage(words.removeQuestion, { name: profile.name })}
          >
            <Text size="sm">{intl.formatMessage(words.removeText, { name: profile.name })}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirmingRemove(false)}>
                {intl.formatMessage(words.keep)}
              </Button>
              <Button size="xs" color="red" onClick={() => void run((mainCall) => mainCall('profiles:delete', { id: profile.id }))}>
                {intl.formatMessage(words.removeProfile)}
              </Button>
            </Group>
          </Group>
        )}

        {editing ? (
          <Stack gap="xs">
            <Group align="flex-end" grow>
              <TextInput label={intl.formatMessage(words.name)} value={name} onChange={(e) => setName(e.currentTarget.value)} autoFocus />
              <TextInput label={intl.formatMessage(words.baseUrl)} value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
              <Group gap="xs" style={{ flexGrow: 0 }}>
                <Button
                  variant="default"
                  onClick={() => {
                    // What was typed goes: the next Edit starts from the profile as saved.
                    setName(profile.name);
                    setBaseUrl(profile.baseUrl);
                    clearErrors();
                    setEditing(false);
                  }}
                  disabled={saving}
                >
                  {intl.formatMessage(words.cancel)}
                </Button>
                <BusyButton
                  busy={saving}
                  onClick={() =>
                    void run((mainCall) => mainCall('profiles:update', { id: profile.id, name, baseUrl }), runSave).then(
                      (saved) => saved && setEditing(false),
                    )
                  }
                >
                  {intl.formatMessage(words.save)}
                </BusyButton>
              </Group>
            </Group>
            {moving && (
              <Alert
                color="yellow"
                variant="light"
                title={intl.formatMessage(words.moving)}
                role="note"
                aria-label={intl.formatMessage(words.moving)}
              >
                <Text size="sm">
                  {intl.formatMessage(words.movingText, { host: new URL(profile.baseUrl).host, product: PRODUCT_NAME })}
                </Text>
              </Alert>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {profile.builtIn ? intl.formatMessage(words.builtIn) : profile.baseUrl}
          </Text>
        )}

        <StatusRulesEditor
          profile={profile}
          save={(rules) => run((mainCall) => mainCall('profiles:set-status-rules', { profileId: profile.id, rules }))}
        />

        {profile.kind !== 'training' && (
          <ChangeApprovalRow
            profile={profile}
            save={(aboveMinor) => run((mainCall) => mainCall('profiles:set-change-approval', { profileId: profile.id, aboveMinor }))}
          />
        )}

        {!profile.builtIn && (
          <Stack gap={6} aria-label={intl.formatMessage(words.keys, { name: profile.name })}>
            {KEY_SLOTS.map((slot) => (
              <KeyRow key={slot} profile={profile} slot={slot} />
            ))}
          </Stack>
        )}

        <AgencyLedgerSection profile={profile} />
      </Stack>
    </Card>
  );
}
