import type { CSSProperties, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages, PRODUCT_NAME } from '../../../shared/i18n/messages';
import type { Message } from '../../../shared/i18n/messages';
import { Badge, Box, Group, Kbd, NavLink, Select, Text, Title } from '@mantine/core';
import { MODE_LABELS } from '../../../shared/profiles';
import { useMainCall } from '../hooks/use-main-call';
import { useSharedCounterName } from '../stores/agency-store';
import { useActiveProfile, useAppStore } from '../stores/app-store';
import type { Screen } from '../stores/app-store';
import { MODE_COLORS } from '../theme';
import { AgencyIndicator } from './AgencyIndicator';
import { AgentChip } from './AgentChip';
import { ErrorNotice } from './ErrorNotice';
import { KEY_WORDS } from './key-words';
import { ConnectivityIndicator } from './ConnectivityIndicator';
import { TrainingBanner } from './TrainingBanner';

const words = defineMessages({
  newBooking: { id: 'nav.newBooking', defaultMessage: 'New booking' },
  newBookingDescription: { id: 'nav.newBooking.description', defaultMessage: 'Search, price, hold and pay' },
  bookings: { id: 'nav.bookings', defaultMessage: 'Bookings' },
  bookingsDescription: { id: 'nav.bookings.description', defaultMessage: 'Everything sold at this counter' },
  agencyBookingsDescription: { id: 'nav.bookings.description.agency', defaultMessage: 'Everything sold at the agency’s counters' },
  today: { id: 'nav.today', defaultMessage: 'Today' },
  todayDescription: { id: 'nav.today.description', defaultMessage: 'The day in numbers' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  settingsDescription: { id: 'nav.settings.description', defaultMessage: 'Profiles, keys and agents' },
  trainer: { id: 'nav.trainer', defaultMessage: 'Trainer' },
  trainerDescription: { id: 'nav.trainer.description', defaultMessage: 'Exercises, bad days, reports' },
  activeProfile: { id: 'frame.activeProfile', defaultMessage: 'Active profile' },
  profileChoice: { id: 'frame.activeProfile.choice', defaultMessage: '{name} · {mode}' },
  navigation: { id: 'frame.navigation', defaultMessage: 'Main' },
  shortcuts: { id: 'frame.shortcuts', defaultMessage: '<key>?</key> every keyboard shortcut' },
});

interface Destination {
  screen: Screen;
  label: Message;
  shortcut: string;
  description: Message;
}
const NAVIGATION: Destination[] = [
  { screen: 'new-booking', label: words.newBooking, shortcut: 'N', description: words.newBookingDescription },
  { screen: 'bookings', label: words.bookings, shortcut: 'B', description: words.bookingsDescription },
  { screen: 'today', label: words.today, shortcut: 'Y', description: words.todayDescription },
  { screen: 'settings', label: words.settings, shortcut: ',', description: words.settingsDescription },
];
const TRAINER: Destination = { screen: 'trainer', label: words.trainer, shortcut: 'T', description: words.trainerDescription };

/** The frame around every screen: who we sell as (mode unmistakable), whether the service answers, and where to go. */
export function AppFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { screen, show, profiles, activeProfileId, activate } = useAppStore();
  // Switching profile from the header: a refusal (nobody signed in who may) is shown above the screen.
  const { run: runSwitch, error: switchError, clearError: clearSwitchError } = useMainCall();
  const active = useActiveProfile();
  const training = active?.kind === 'training';
  // In an agency the list holds every counter's bookings.
  const agencyCounter = useSharedCounterName();
  const describe = (item: Destination) =>
    intl.formatMessage(item.screen === 'bookings' && agencyCounter ? words.agencyBookingsDescription : item.description);

  return (
    // A grid, not fixed panels: the navigation column runs the page's whole length, however long a booking's
    // timeline or a language's words make it, and its links stay in view as the page scrolls.
    <div className="app-frame" style={{ '--app-header-height': training ? '97px' : '65px' } as CSSProperties}>
      <header className="app-header">
        {training && <TrainingBanner />}
        <Group h={64} px="lg" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h3" c="indigo.8">
              {PRODUCT_NAME}
            </Title>
            {active && (
              <Badge size="lg" radius="sm" variant="filled" color={MODE_COLORS[active.kind]} data-testid="mode-badge">
                {intl.formatMessage(MODE_LABELS[active.kind])}
              </Badge>
            )}
          </Group>
          <Group gap="lg" wrap="nowrap">
            <AgentChip />
            <AgencyIndicator />
            <ConnectivityIndicator />
            <Select
              aria-label={intl.formatMessage(words.activeProfile)}
              w={300}
              allowDeselect={false}
              value={activeProfileId === null ? null : String(activeProfileId)}
              data={profiles.map((profile) => ({
                value: String(profile.id),
                label: intl.formatMessage(words.profileChoice, { name: profile.name, mode: intl.formatMessage(MODE_LABELS[profile.kind]) }),
              }))}
              onChange={(value) => value && void runSwitch(() => activate(Number(value)))}
            />
          </Group>
        </Group>
      </header>
      <nav className="app-navigation" aria-label={intl.formatMessage(words.navigation)}>
        <div className="app-navigation-links">
          {(training ? [...NAVIGATION, TRAINER] : NAVIGATION).map((item) => (
            <NavLink
              key={item.screen}
              component="button"
              active={screen === item.screen}
              label={intl.formatMessage(item.label)}
              description={describe(item)}
              aria-current={screen === item.screen ? 'page' : undefined}
              rightSection={
                <Text span size="xs" c="dimmed">
                  <Kbd size="xs">{intl.formatMessage(KEY_WORDS.ctrl)}</Kbd> <Kbd size="xs">{item.shortcut}</Kbd>
                </Text>
              }
              onClick={() => show(item.screen)}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
            />
          ))}
          <Text size="xs" c="dimmed" mt="auto" px="sm" pb="xs">
            <FormattedMessage {...words.shortcuts} values={{ key: (chunks) => <Kbd size="xs">{chunks}</Kbd> }} />
          </Text>
        </div>
      </nav>
      <main className="app-main">
        {switchError && (
          <Box mb="md" maw={920}>
            <ErrorNotice error={switchError} onClose={clearSwitchError} />
          </Box>
        )}
        {children}
      </main>
    </div>
  );
}
