import { FormattedMessage } from 'react-intl';
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

/** One profile: its mode, address and keys, and what can be done with it. */
export function ProfileCard({ profile, active }: { profile: ProfileView; active: boolean }) {
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
    <Card withBorder padding="lg" aria-label={`Profile ${profile.name}`} data-testid="profile-card">
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
                In use
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {!active && (
              <Button size="xs" variant="light" onClick={() => void run(() => activate(profile.id))}>
                Use this profile
              </Button>
            )}
            {!profile.builtIn && !editing && (
              <Button size="xs" variant="default" onClick={() => setEditing(true)} ref={editButton}>
                Edit
              </Button>
            )}
            {!profile.builtIn && !confirmingRemove && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingRemove(true)}>
                Remove
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
            aria-label={`Remove ${profile.name}?`}
          >
            <Text size="sm">Remove “{profile.name}” and delete its keys from the keychain? Bookings already made stay in the history.</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirmingRemove(false)}>
                Keep it
              </Button>
              <Button size="xs" color="red" onClick={() => void run((mainCall) => mainCall('profiles:delete', { id: profile.id }))}>
                Remove profile
              </Button>
            </Group>
          </Group>
        )}

        {editing ? (
          <Stack gap="xs">
            <Group align="flex-end" grow>
              <TextInput label="Profile name" value={name} onChange={(e) => setName(e.currentTarget.value)} autoFocus />
              <TextInput label="Service address" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
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
                  Cancel
                </Button>
                <BusyButton
                  busy={saving}
                  onClick={() =>
                    void run((mainCall) => mainCall('profiles:update', { id: profile.id, name, baseUrl }), runSave).then(
                      (saved) => saved && setEditing(false),
                    )
                  }
                >
                  Save
                </BusyButton>
              </Group>
            </Group>
            {moving && (
              <Alert color="yellow" variant="light" title="A new service address" role="note" aria-label="A new service address">
                <Text size="sm">
                  The keys of this profile were given for {new URL(profile.baseUrl).host}, and go nowhere else: when you save, Packdesk asks
                  you to confirm the move, then deletes them. Add the keys the new address gave you afterwards. An e-mail saying the service
                  has moved can be a trick to get your keys: move only if your provider confirmed it.
                </Text>
              </Alert>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {profile.builtIn ? 'Built-in training service on this computer. Needs no set-up and moves no money.' : profile.baseUrl}
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
          <Stack gap={6} aria-label={`Keys of ${profile.name}`}>
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
