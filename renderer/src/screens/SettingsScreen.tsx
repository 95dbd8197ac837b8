import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { defineMessages, PRODUCT_NAME } from '../../../shared/i18n/messages';
import { focusIsLost } from '../components/focus';
import { useAppStore } from '../stores/app-store';
import { useMayCall } from '../stores/people-store';
import { AddProfileForm } from './settings/AddProfileForm';
import { useAgency } from '../stores/agency-store';
import { AgentsSection } from './settings/AgentsSection';
import { AuditSection } from './settings/AuditSection';
import { FleetSection } from './settings/FleetSection';
import { LanguageSection } from './settings/LanguageSection';
import { ProfileCard } from './settings/ProfileCard';
import { UpdatesSection } from './settings/UpdatesSection';

const words = defineMessages({
  title: { id: 'settings.title', defaultMessage: 'Settings' },
  intro: { id: 'settings.intro', defaultMessage: 'Profiles say which booking service this counter sells on, and with which keys.' },
  addProfile: { id: 'settings.profiles.add', defaultMessage: 'Add profile' },
  keychainMissing: { id: 'settings.keychain.missing', defaultMessage: 'The system keychain is not available' },
  keychainHint: { id: 'settings.keychain.hint', defaultMessage: '{hint} Training works without it.' },
  keychainNoHint: {
    id: 'settings.keychain.noHint',
    defaultMessage: 'Keys for your own profiles cannot be saved until it is. Training works without it.',
  },
  profiles: { id: 'settings.profiles', defaultMessage: 'Profiles' },
  footer: {
    id: 'settings.footer',
    defaultMessage:
      '{product} {version}. Keys are kept in the system keychain and never shown again after saving; only their last four characters are.',
  },
});

/** Profiles and their keys: the one place where the counter is told which service to sell on. */
export function SettingsScreen() {
  const intl = useIntl();
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
          <Title order={2}>{intl.formatMessage(words.title)}</Title>
          <Text c="dimmed">{intl.formatMessage(words.intro)}</Text>
        </div>
        {!adding && mayAddProfile && (
          <Button onClick={() => setAdding(true)} ref={addButton}>
            {intl.formatMessage(words.addProfile)}
          </Button>
        )}
      </Group>

      {!keychain.available && (
        <Alert color="yellow" title={intl.formatMessage(words.keychainMissing)} role="alert">
          {keychain.hint !== null
            ? intl.formatMessage(words.keychainHint, { hint: keychain.hint })
            : intl.formatMessage(words.keychainNoHint)}
        </Alert>
      )}

      <LanguageSection />

      {adding && <AddProfileForm onDone={() => setAdding(false)} />}

      <Stack gap="md" aria-label={intl.formatMessage(words.profiles)}>
        {profiles.map((profile) => (
          <ProfileCard key={profile.id} profile={profile} active={profile.id === activeProfileId} />
        ))}
      </Stack>

      <AgentsSection />

      <AuditSection />

      {fleet && <FleetSection fleet={fleet} />}

      <UpdatesSection />

      <Text size="sm" c="dimmed">
        {intl.formatMessage(words.footer, { product: PRODUCT_NAME, version })}
      </Text>
    </Stack>
  );
}
