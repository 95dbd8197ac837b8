import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import type { AgencySettingsView } from '../../../../shared/agency';
import { plural } from '../../../../shared/format';
import type { ProfileView } from '../../../../shared/profiles';
import { AgencyPeopleNotice } from './AgencyPeopleNotice';
import { LINK_LOOK, linkExplanation, linkWords, setAsideWords, unsentWords } from '../../components/agency-words';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import { useAgency } from '../../stores/agency-store';
import { useAppStore } from '../../stores/app-store';
import { AgencyForm } from './AgencyForm';
import { TLS_CHOICES } from './agency-form-fields';

type Mode = 'view' | 'form' | 'confirm-disconnect';
/** Which button takes the focus after the part of the section that had it went away. */
type FocusTarget = 'connect' | 'edit' | 'disconnect' | 'keep';

/**
 * A profile's agency ledger: not shared (and a button to connect), or shared with which server as
 * which counter, how the link stands, and Disconnect (asked first). One profile per counter at most.
 */
export function AgencyLedgerSection({ profile }: { profile: ProfileView }) {
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
  const unsent = status.profileId === profile.id ? unsentWords(status) : null;
  const setAside = status.profileId === profile.id ? setAsideWords(status) : [];

  return (
    <Stack gap="xs" aria-label={`Agency ledger of ${profile.name}`} role="group" data-testid="agency-section">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={4} size="h5">
            Agency ledger
          </Title>
          {shared && link && (
            <Text size="sm" fw={600} c={LINK_LOOK[link.kind].text} data-testid="agency-section-link">
              {linkWords(link)}
              {unsent ? ` · ${unsent}` : ''}
            </Text>
          )}
        </Group>
        {mode === 'view' && saved !== undefined && !otherProfile && (
          <Group gap="xs">
            <Button ref={shared ? editButton : connectButton} size="xs" variant="default" onClick={() => setMode('form')}>
              {shared ? 'Edit connection' : 'Connect to an agency ledger'}
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
                Disconnect
              </Button>
            )}
          </Group>
        )}
      </Group>

      {saved === null && otherProfile && (
        <Text size="sm" c="dimmed">
          “{otherProfile.name}” shares its bookings with an agency. A counter’s history belongs to one agency: disconnect that profile first
          to connect this one.
        </Text>
      )}
      {saved === null && !otherProfile && mode === 'view' && (
        <Text size="sm" c="dimmed">
          Not shared: this profile’s bookings are this counter’s own. An agency with several counters connects each of them to its
          PostgreSQL server, so a booking made at one desk can be found, changed or cancelled at any other.
        </Text>
      )}
      {shared && mode !== 'form' && (
        <Text size="sm" data-testid="agency-summary">
          Shared as <strong>{saved.counterName}</strong> with the database <span className="mono">{saved.database}</span> on{' '}
          <span className="mono">
            {saved.host}:{saved.port}
          </span>{' '}
          (user <span className="mono">{saved.user}</span>, {TLS_CHOICES.find((choice) => choice.value === saved.tlsMode)?.summary}
          {saved.hasCaCertificate ? ', the agency’s own certificate authority' : ''}). Password:{' '}
          {saved.hasPassword ? 'saved in the keychain' : 'none'}.
        </Text>
      )}
      {shared && link && mode !== 'form' && link.kind !== 'live' && (
        <Alert
          color={link.kind === 'refused' ? 'red' : link.kind === 'unreachable' ? 'orange' : 'blue'}
          variant="light"
          title={link.kind === 'refused' ? link.message : undefined}
        >
          <Text size="sm">{link.kind === 'refused' ? link.hint : linkExplanation(link)}</Text>
        </Alert>
      )}

      {shared && link && mode !== 'form' && status.people && <AgencyPeopleNotice people={status.people} />}

      {shared && link && mode !== 'form' && setAside.length > 0 && (
        <Alert color="orange" variant="light" title={setAside.join('; ')} data-testid="agency-set-aside">
          <Text size="sm">
            {status.setAside.reduce((sum, entry) => sum + entry.count, 0) === 1
              ? 'This counter did not take it: it was not a change this counter understands, held what looks like a card number, or would have pointed a booking at another one.'
              : 'This counter did not take them: each was not a change this counter understands, held what looks like a card number, or would have pointed a booking at another one.'}{' '}
            Nothing else is held up. Ask whoever runs that counter and the agency server to look at it.
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
          aria-label="Disconnect from the agency ledger?"
        >
          <Text size="sm">
            Stop sharing “{profile.name}” with the agency? Every booking stays in this counter’s history, those made at other counters too;
            new bookings and changes from other counters stop arriving here.
            {status.unsent > 0 ? ` ${plural(status.unsent, 'change')} made here and not sent yet will not be sent.` : ''}
          </Text>
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
              Keep sharing
            </Button>
            <BusyButton size="xs" color="red" busy={busy} onClick={() => void disconnect()}>
              Disconnect
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
