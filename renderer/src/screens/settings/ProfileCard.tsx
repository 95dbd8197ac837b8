import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ProfileView } from '../../../../shared/profiles';
import { MODE_LABELS } from '../../../../shared/profiles';
import { call, describeError } from '../../bridge';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAppStore } from '../../stores/app-store';
import { MODE_COLORS } from '../../theme';
import { AgencyLedgerSection } from './AgencyLedgerSection';
import { KEY_SLOTS } from './key-fields';
import { KeyRow } from './KeyRow';
import { StatusRulesEditor } from './StatusRulesEditor';

type Failure = { message: string; hint: string } | null;

/** One profile: its mode, address and keys, and what can be done with it. */
export function ProfileCard({ profile, active }: { profile: ProfileView; active: boolean }) {
  const { refresh, activate } = useAppStore();
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [name, setName] = useState(profile.name);
  const [baseUrl, setBaseUrl] = useState(profile.baseUrl);
  const [error, setError] = useState<Failure>(null);

  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      await refresh();
      return true;
    } catch (caught) {
      setError(describeError(caught));
      return false;
    }
  };

  return (
    <Card withBorder padding="lg" aria-label={`Profile ${profile.name}`} data-testid="profile-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={3} size="h4">
              {profile.name}
            </Title>
            <Badge color={MODE_COLORS[profile.kind]} variant="light" radius="sm">
              {MODE_LABELS[profile.kind]}
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
              <Button size="xs" variant="default" onClick={() => setEditing(true)}>
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

        <ErrorNotice error={error} onClose={() => setError(null)} />

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
              <Button size="xs" color="red" onClick={() => void run(() => call('profiles:delete', { id: profile.id }))}>
                Remove profile
              </Button>
            </Group>
          </Group>
        )}

        {editing ? (
          <Group align="flex-end" grow>
            <TextInput label="Profile name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput label="Service address" value={baseUrl} onChange={(e) => setBaseUrl(e.currentTarget.value)} />
            <Group gap="xs" style={{ flexGrow: 0 }}>
              <Button variant="default" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button
                onClick={() =>
                  void run(() => call('profiles:update', { id: profile.id, name, baseUrl })).then((saved) => saved && setEditing(false))
                }
              >
                Save
              </Button>
            </Group>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {profile.builtIn ? 'Built-in training service on this computer. Needs no set-up and moves no money.' : profile.baseUrl}
          </Text>
        )}

        <StatusRulesEditor
          profile={profile}
          save={(rules) => run(() => call('profiles:set-status-rules', { profileId: profile.id, rules }))}
        />

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
