import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../../shared/format';
import type { HeldWrite, RestoreNotice } from '../../../../shared/restore';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useRestore } from '../../stores/restore-store';

/** "Restored from a backup made at Desk 3 (another counter) on 5 Jun 2027, 10:42". */
function titleOf(notice: RestoreNotice): string {
  const where =
    notice.madeElsewhere === true
      ? ` made at ${notice.madeAt ? `${notice.madeAt} (another counter)` : 'another counter'}`
      : notice.madeAt
        ? ` made at ${notice.madeAt}`
        : '';
  return `Restored from a backup${where} on ${formatDateTime(notice.restoredAt)}`;
}

/** One held write: what it was, and the agent's two choices (a discard asked once more, since the service is not asked). */
function HeldWriteRow({ write }: { write: HeldWrite }) {
  const { busyId, check, discard } = useRestore();
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const discardButton = useRef<HTMLButtonElement>(null);
  const busy = busyId === write.id;
  // Back from "Keep": the focus returns to the button that asked.
  useEffect(() => {
    if (asked && !confirming) discardButton.current?.focus();
  }, [asked, confirming]);
  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={write.what}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {write.what}
          </Text>
          <Text size="xs" c="dimmed">
            Sent {formatDateTime(write.startedAt)}
          </Text>
          {write.whyNotCheckable && <Text size="xs">{write.whyNotCheckable}</Text>}
        </Stack>
        {confirming ? (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text size="sm">Discard without asking the service?</Text>
            <BusyButton size="xs" color="red" busy={busy} autoFocus onClick={() => void discard(write.id)}>
              Discard
            </BusyButton>
            <Button size="xs" variant="default" disabled={busy} onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {write.checkable && (
              <BusyButton size="xs" busy={busy} disabled={busyId !== null} onClick={() => void check(write.id)}>
                Check with the service
              </BusyButton>
            )}
            <Button
              ref={discardButton}
              size="xs"
              variant="default"
              disabled={busyId !== null}
              onClick={() => {
                setAsked(true);
                setConfirming(true);
              }}
            >
              Discard…
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/**
 * After a restore: the writes the backup left open, held and never sent again by themselves, each
 * checked with the service or discarded by the agent; and whether the agency waits for a connect.
 * `onDone` takes the focus once the agent closes the last word of it.
 */
export function RestoredWritesPanel({ onDone }: { onDone: () => void }) {
  const { notice, outcome, error, load, closeOutcome } = useRestore();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => void load(), [load]);
  // The row decided is gone: the focus goes to its outcome, whose Close comes next.
  useEffect(() => {
    if (outcome) closeButton.current?.focus();
  }, [outcome]);
  if (!notice && !outcome && !error) return null;
  const held = notice?.heldWrites ?? [];
  return (
    <Alert
      color="yellow"
      variant="light"
      role="region"
      // Full height above the list, which takes what is left.
      style={{ flexShrink: 0 }}
      title={notice ? titleOf(notice) : 'Restored from a backup'}
      aria-label="Restored from a backup"
    >
      <Stack gap="sm">
        {held.length > 0 && (
          <>
            <Text size="sm">
              {held.length === 1 ? 'This write was' : 'These writes were'} being sent when the backup was made, and what became of{' '}
              {held.length === 1 ? 'it' : 'them'} is not known. Packdesk has not sent {held.length === 1 ? 'it' : 'any of them'} again.
              Decide each one: Check with the service reads its booking (the write is never sent again); Discard closes it without asking.
            </Text>
            <Stack gap="xs" role="list" aria-label="Writes held since the restore">
              {held.map((write) => (
                <HeldWriteRow key={write.id} write={write} />
              ))}
            </Stack>
          </>
        )}
        {notice?.agencyWaits && (
          <Text size="sm">
            This counter’s bookings are not shared with the agency since the restore. Connect again in Settings → Agency ledger, or
            disconnect there to keep this counter on its own.
          </Text>
        )}
        {outcome && (
          <Group justify="space-between" wrap="nowrap" role="status">
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              <b>{outcome.what}:</b> {outcome.outcome}
            </Text>
            <Button
              ref={closeButton}
              size="xs"
              variant="subtle"
              onClick={() => {
                closeOutcome();
                onDone();
              }}
            >
              Close
            </Button>
          </Group>
        )}
        <ErrorNotice error={error} />
      </Stack>
    </Alert>
  );
}
