import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { focusIsLost } from '../components/focus';
import { useAppStore } from '../stores/app-store';
import { useMayCall } from '../stores/people-store';
import { AddProfileForm } from './settings/AddProfileForm';
import { useAgency } from '../stores/agency-store';
import { AgentsSection } from './settings/AgentsSection';
import { AuditSection } from './settings/AuditSection';
import { FleetSection } from './settings/FleetSection';
import { ProfileCard } from './settings/ProfileCard';
import { UpdatesSection } from './settings/UpdatesSection';

/** Profiles and their keys: the one place where the counter is told which service to sell on. */
export function SettingsScreen() {
  const { profiles, activeProfileId, keychain, version } = useAppStore();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const mayAddProfile = useMayCall('profiles:create');
  const fleet = useAgency((state) => state.status.fleet);
  // The form closed (saved, Cancel or Escape): the focus goes back to the button that opened it.
  useEffect(() => {
    if (!adding && focusIsLost()) addButton.current?.focus();
  }, [adding]);

  return (
    <Stack maw={920} gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Settings</Title>
          <Text c="dimmed">Profiles say which booking service this counter sells on, and with which keys.</Text>
        </div>
        {!adding && mayAddProfile && (
          <Button onClick={() => setAdding(true)} ref={addButton}>
            Add profile
          </Button>
        )}
      </Group>

      {!keychain.available && (
        <Alert color="yellow" title="The system keychain is not available" role="alert">
          {keychain.hint ?? 'Keys for your own profiles cannot be saved until it is.'} Training works without it.
        </Alert>
      )}

      {adding && <AddProfileForm onDone={() => setAdding(false)} />}

      <Stack gap="md" aria-label="Profiles">
        {profiles.map((profile) => (
          <ProfileCard key={profile.id} profile={profile} active={profile.id === activeProfileId} />
        ))}
      </Stack>

      <AgentsSection />

      <AuditSection />

      {fleet && <FleetSection fleet={fleet} />}

      <UpdatesSection />

      <Text size="sm" c="dimmed">
        Packdesk {version}. Keys are kept in the system keychain and never shown again after saving; only their last four characters are.
      </Text>
    </Stack>
  );
}
