import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { AgencySettingsView } from '../../../../shared/agency';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { ProfileView } from '../../../../shared/profiles';
import { AgencyPeopleNotice } from './AgencyPeopleNotice';
import { LINK_LOOK, linkExplanation, linkWords, setAsideWords, unsentWords } from '../../components/agency-words';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import { useAgency } from '../../stores/agency-store';
import { useAppStore } from '../../stores/app-store';
import { AgencyForm } from './AgencyForm';

const words = defineMessages({
  section: { id: 'settings.agency.section', defaultMessage: 'Agency ledger of {name}' },
  title: { id: 'settings.agency.title', defaultMessage: 'Agency ledger' },
  linkAndUnsent: { id: 'settings.agency.link.unsent', defaultMessage: '{link} · {unsent}' },
  edit: { id: 'settings.agency.edit', defaultMessage: 'Edit connection' },
  connect: { id: 'settings.agency.connect', defaultMessage: 'Connect to an agency ledger' },
  disconnect: { id: 'settings.agency.disconnect', defaultMessage: 'Disconnect' },
  otherProfile: {
    id: 'settings.agency.otherProfile',
    defaultMessage:
      '“{name}” shares its bookings with an agency. A counter’s history belongs to one agency: disconnect that profile first to connect this one.',
  },
  notShared: {
    id: 'settings.agency.notShared',
    defaultMessage:
      'Not shared: this profile’s bookings are this counter’s own. An agency with several counters connects each of them to its PostgreSQL server, so a booking made at one desk can be found, changed or cancelled at any other.',
  },
  summary: {
    id: 'settings.agency.summary',
    defaultMessage:
      'Shared as <strong>{counterName}</strong> with the database <mono>{database}</mono> on <mono>{host}:{port}</mono> (user <mono>{user}</mono>, {tls, select, verifyFull {encrypted and checked} require {encrypted, server not verified} other {not encrypted}}{ca, select, yes {, the agency’s own certificate authority} other {}}). Password: {password, select, saved {saved in the keychain} other {none}}.',
  },
  setAside: {
    id: 'settings.agency.setAside',
    defaultMessage:
      '{count, plural, one {This counter did not take it: it was not a change this counter understands, held what looks like a card number, or would have pointed a booking at another one.} other {This counter did not take them: each was not a change this counter understands, held what looks like a card number, or would have pointed a booking at another one.}} Nothing else is held up. Ask whoever runs that counter and the agency server to look at it.',
  },
  confirmDisconnect: { id: 'settings.agency.disconnect.confirm', defaultMessage: 'Disconnect from the agency ledger?' },
  confirmDisconnectText: {
    id: 'settings.agency.disconnect.confirm.text',
    defaultMessage:
      'Stop sharing “{name}” with the agency? Every booking stays in this counter’s history, those made at other counters too; new bookings and changes from other counters stop arriving here.{unsent, plural, =0 {} one { # change made here and not sent yet will not be sent.} other { # changes made here and not sent yet will not be sent.}}',
  },
  keep: { id: 'settings.agency.disconnect.keep', defaultMessage: 'Keep sharing' },
});

/** The TLS modes as the summary's message chooses between them. */
const TLS_WORD = { 'verify-full': 'verifyFull', require: 'require', disable: 'disable' } as const;

type Mode = 'view' | 'form' | 'confirm-disconnect';
/** Which button takes the focus after the part of the section that had it went away. */
type FocusTarget = 'connect' | 'edit' | 'disconnect' | 'keep';

/**
 * A profile's agency ledger: not shared (and a button to connect), or shared with which server as
 * which counter, how the link stands, and Disconnect (asked first). One profile per counter at most.
 */
export function AgencyLedgerSection({ profile }: { profile: ProfileView }) {
  const intl = useIntl();
  const status = useAgency((state) => state.status);
  const answer = useAgency((state) => state.answer);
  const otherProfile = useAppStore((state) =>
    status.profileId !== null && status.profileId !== profile.id
      ? state.profiles.find((other) => other.id === status.profileId)
      : undefined,
  );
  const [saved, setSaved] = useState<AgencySettingsView | null | undefined>(undefined);
  const [mode, setMode] = useState<Mode>('view');
  const { run: runLoad, error: loadError, clearError: clearLoadError } = useMainCall();
  const { run: runDisconnect, busy, error: disconnectError, clearError: clearDisconnectError } = useMainCall();
  const error = disconnectError ?? loadError;
  const [focusOn, setFocusOn] = useState<FocusTarget | null>(null);
  const connectButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const disconnectButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(
    () => runLoad((mainCall) => mainCall('agency:settings', { profileId: profile.id }), setSaved),
    [profile.id, runLoad],
  );
  // Read when shown, and again when the agency's profile changes (connected at start, or disconnected).
  useEffect(() => void load(), [status.profileId, load]);

  // After the section has drawn what replaced the control that had the focus.
  useEffect(() => {
    if (focusOn === null) return;
    ({ connect: connectButton, edit: editButton, disconnect: disconnectButton, keep: keepButton })[focusOn].current?.focus();
    setFocusOn(null);
  }, [focusOn, mode, saved]);

  const disconnect = async () => {
    const disconnected = await runDisconnect((mainCall) => answer(() => mainCall('agency:disconnect', { profileId: profile.id })));
    if (disconnected) setSaved(null);
    setMode('view');
    setFocusOn(disconnected ? 'connect' : 'disconnect');
  };

  const shared = saved !== null && saved !== undefined;
  const link = status.profileId === profile.id ? status.link : null;
  const unsent = status.profileId === profile.id ? unsentWords(intl, status) : null;
  const setAside = status.profileId === profile.id ? setAsideWords(intl, status) : [];

  return (
    <Stack gap="xs" aria-label={intl.formatMessage(words.section, { name: profile.name })} role="group" data-testid="agency-section">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={4} size="h5">
            {intl.formatMessage(words.title)}
          </Title>
          {shared && link && (
            <Text size="sm" fw={600} c={LINK_LOOK[link.kind].text} data-testid="agency-section-link">
              {unsent ? intl.formatMessage(words.linkAndUnsent, { link: linkWords(intl, link), unsent }) : linkWords(intl, link)}
            </Text>
          )}
        </Group>
        {mode === 'view' && saved !== undefined && !otherProfile && (
          <Group gap="xs">
            <Button ref={shared ? editButton : connectButton} size="xs" variant="default" onClick={() => setMode('form')}>
              {intl.formatMessage(shared ? words.edit : words.connect)}
            </Button>
            {shared && (
              <Button
                ref={disconnectButton}
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  setMode('confirm-disconnect');
                  setFocusOn('keep');
                }}
              >
                {intl.formatMessage(words.disconnect)}
              </Button>
            )}
          </Group>
        )}
      </Group>

      {saved === null && otherProfile && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(words.otherProfile, { name: otherProfile.name })}
        </Text>
      )}
      {saved === null && !otherProfile && mode === 'view' && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(words.notShared)}
        </Text>
      )}
      {shared && mode !== 'form' && (
        <Text size="sm" data-testid="agency-summary">
          <FormattedMessage
            {...words.summary}
            values={{
              counterName: saved.counterName,
              database: saved.database,
              host: saved.host,
              port: saved.port,
              user: saved.user,
              tls: TLS_WORD[saved.tlsMode],
              ca: saved.hasCaCertificate ? 'yes' : 'no',
              password: saved.hasPassword ? 'saved' : 'none',
              strong: (chunks) => <strong>{chunks}</strong>,
              mono: (chunks) => <span className="mono">{chunks}</span>,
            }}
          />
        </Text>
      )}
      {shared && link && mode !== 'form' && link.kind !== 'live' && (
        <Alert
          color={link.kind === 'refused' ? 'red' : link.kind === 'unreachable' ? 'orange' : 'blue'}
          variant="light"
          title={link.kind === 'refused' ? link.message : undefined}
        >
          <Text size="sm">{link.kind === 'refused' ? link.hint : linkExplanation(intl, link)}</Text>
        </Alert>
      )}

      {shared && link && mode !== 'form' && status.people && <AgencyPeopleNotice people={status.people} />}

      {shared && link && mode !== 'form' && setAside.length > 0 && (
        <Alert color="orange" variant="light" title={setAside.join('; ')} data-testid="agency-set-aside">
          <Text size="sm">
            {intl.formatMessage(words.setAside, { count: status.setAside.reduce((sum, entry) => sum + entry.count, 0) })}
          </Text>
        </Alert>
      )}

      <ErrorNotice
        error={error}
        onClose={() => {
          clearDisconnectError();
          clearLoadError();
        }}
      />

      {mode === 'confirm-disconnect' && (
        <Group
          justify="space-between"
          wrap="nowrap"
          p="sm"
          bg="red.0"
          style={{ borderRadius: 8 }}
          role="alertdialog"
          aria-label={intl.formatMessage(words.confirmDisconnect)}
        >
          <Text size="sm">{intl.formatMessage(words.confirmDisconnectText, { name: profile.name, unsent: status.unsent })}</Text>
          <Group gap="xs" wrap="nowrap">
            <Button
              ref={keepButton}
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => {
                setMode('view');
                setFocusOn('disconnect');
              }}
            >
              {intl.formatMessage(words.keep)}
            </Button>
            <BusyButton size="xs" color="red" busy={busy} onClick={() => void disconnect()}>
              {intl.formatMessage(words.disconnect)}
            </BusyButton>
          </Group>
        </Group>
      )}

      {mode === 'form' && (
        <AgencyForm
          profileId={profile.id}
          saved={saved ?? null}
          onConnected={async () => {
            // The saved connection first, so the form gives way to it and to Edit connection, which takes the focus.
            await load();
            setMode('view');
            setFocusOn('edit');
          }}
          onCancel={() => {
            setMode('view');
            setFocusOn(shared ? 'edit' : 'connect');
          }}
        />
      )}
    </Stack>
  );
}
