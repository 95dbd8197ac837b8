import type { ReactNode } from 'react';
import { AppShell, Badge, Box, Group, Kbd, NavLink, Select, Text, Title } from '@mantine/core';
import { MODE_LABELS } from '../../../shared/profiles';
import { useMainCall } from '../hooks/use-main-call';
import { useSharedCounterName } from '../stores/agency-store';
import { useActiveProfile, useAppStore } from '../stores/app-store';
import type { Screen } from '../stores/app-store';
import { MODE_COLORS } from '../theme';
import { AgencyIndicator } from './AgencyIndicator';
import { AgentChip } from './AgentChip';
import { ErrorNotice } from './ErrorNotice';
import { ConnectivityIndicator } from './ConnectivityIndicator';
import { TrainingBanner } from './TrainingBanner';

const NAVIGATION: { screen: Screen; label: string; shortcut: string; description: string }[] = [
  { screen: 'new-booking', label: 'New booking', shortcut: 'N', description: 'Search, price, hold and pay' },
  { screen: 'bookings', label: 'Bookings', shortcut: 'B', description: 'Everything sold at this counter' },
  { screen: 'today', label: 'Today', shortcut: 'Y', description: 'The day in numbers' },
  { screen: 'settings', label: 'Settings', shortcut: ',', description: 'Profiles, keys and agents' },
];
const TRAINER = { screen: 'trainer' as const, label: 'Trainer', shortcut: 'T', description: 'Exercises, bad days, reports' };

/** The frame around every screen: who we sell as (mode unmistakable), whether the service answers, and where to go. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { screen, show, profiles, activeProfileId, activate } = useAppStore();
  // Switching profile from the header: a refusal (nobody signed in who may) is shown above the screen.
  const { run: runSwitch, error: switchError, clearError: clearSwitchError } = useMainCall();
  const active = useActiveProfile();
  const training = active?.kind === 'training';
  // In an agency the list holds every counter's bookings.
  const agencyCounter = useSharedCounterName();
  const describe = (item: { screen: Screen; description: string }) =>
    item.screen === 'bookings' && agencyCounter ? 'Everything sold at the agency’s counters' : item.description;

  return (
    <AppShell header={{ height: training ? 96 : 64 }} navbar={{ width: 250, breakpoint: 0 }} padding="lg">
      <AppShell.Header>
        {training && <TrainingBanner />}
        <Group h={64} px="lg" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h3" c="indigo.8">
              Packdesk
            </Title>
            {active && (
              <Badge size="lg" radius="sm" variant="filled" color={MODE_COLORS[active.kind]} data-testid="mode-badge">
                {MODE_LABELS[active.kind]}
              </Badge>
            )}
          </Group>
          <Group gap="lg" wrap="nowrap">
            <AgentChip />
            <AgencyIndicator />
            <ConnectivityIndicator />
            <Select
              aria-label="Active profile"
              w={300}
              allowDeselect={false}
              value={activeProfileId === null ? null : String(activeProfileId)}
              data={profiles.map((profile) => ({ value: String(profile.id), label: `${profile.name} · ${MODE_LABELS[profile.kind]}` }))}
              onChange={(value) => value && void runSwitch(() => activate(Number(value)))}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main">
        {(training ? [...NAVIGATION, TRAINER] : NAVIGATION).map((item) => (
          <NavLink
            key={item.screen}
            component="button"
            active={screen === item.screen}
            label={item.label}
            description={describe(item)}
            aria-current={screen === item.screen ? 'page' : undefined}
            rightSection={
              <Text span size="xs" c="dimmed">
                <Kbd size="xs">Ctrl</Kbd> <Kbd size="xs">{item.shortcut}</Kbd>
              </Text>
            }
            onClick={() => show(item.screen)}
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        ))}
        <Text size="xs" c="dimmed" mt="auto" px="sm" pb="xs">
          <Kbd size="xs">?</Kbd> every keyboard shortcut
        </Text>
      </AppShell.Navbar>
      <AppShell.Main>
        {switchError && (
          <Box mb="md" maw={920}>
            <ErrorNotice error={switchError} onClose={clearSwitchError} />
          </Box>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
