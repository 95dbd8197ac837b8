import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { formatDateTime } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
import type { HeldWrite, RestoreNotice } from '../../../../shared/restore';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useRestore } from '../../stores/restore-store';

const words = defineMessages({
  title: {
    id: 'restore.panel.title',
    defaultMessage:
      '{where, select, elsewhereNamed {Restored from a backup made at {counter} (another counter) on {at}} elsewhere {Restored from a backup made at another counter on {at}} named {Restored from a backup made at {counter} on {at}} other {Restored from a backup on {at}}}',
  },
  restored: { id: 'restore.panel.restored', defaultMessage: 'Restored from a backup' },
  sent: { id: 'restore.write.sent', defaultMessage: 'Sent {at}' },
  discardAsk: { id: 'restore.write.discard.ask', defaultMessage: 'Discard without asking the service?' },
  discard: { id: 'restore.write.discard', defaultMessage: 'Discard' },
  keep: { id: 'restore.write.keep', defaultMessage: 'Keep' },
  check: { id: 'restore.write.check', defaultMessage: 'Check with the service' },
  discardOpen: { id: 'restore.write.discard.open', defaultMessage: 'Discard…' },
  held: {
    id: 'restore.panel.held',
    defaultMessage:
      '{count, plural, one {This write was being sent when the backup was made, and what became of it is not known. {product} has not sent it again. Decide each one: Check with the service reads its booking (the write is never sent again); Discard closes it without asking.} other {These writes were being sent when the backup was made, and what became of them is not known. {product} has not sent any of them again. Decide each one: Check with the service reads its booking (the write is never sent again); Discard closes it without asking.}}',
  },
  heldList: { id: 'restore.panel.held.list', defaultMessage: 'Writes held since the restore' },
  agencyWaits: {
    id: 'restore.panel.agencyWaits',
    defaultMessage:
      'This counter’s bookings are not shared with the agency since the restore. Connect again in Settings → Agency ledger, or disconnect there to keep this counter on its own.',
  },
  outcome: { id: 'restore.panel.outcome', defaultMessage: '<b>{what}:</b> {outcome}' },
  theWrite: { id: 'restore.panel.outcome.theWrite', defaultMessage: 'The write' },
  close: { id: 'restore.panel.outcome.close', defaultMessage: 'Close' },
});

/** "Restored from a backup made at Desk 3 (another counter) on 5 Jun 2027, 10:42". */
function titleOf(intl: IntlShape, notice: RestoreNotice): string {
  const where = notice.madeElsewhere === true ? (notice.madeAt ? 'elsewhereNamed' : 'elsewhere') : notice.madeAt ? 'named' : 'unknown';
  return intl.formatMessage(words.title, { where, counter: notice.madeAt ?? '', at: formatDateTime(notice.restoredAt) });
}

/** One held write: what it was, and the agent's two choices (a discard asked once more, since the service is not asked). */
function HeldWriteRow({ write }: { write: HeldWrite }) {
  const intl = useIntl();
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
            {intl.formatMessage(words.sent, { at: formatDateTime(write.startedAt) })}
          </Text>
          {write.whyNotCheckable && <Text size="xs">{write.whyNotCheckable}</Text>}
        </Stack>
        {confirming ? (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Text size="sm">{intl.formatMessage(words.discardAsk)}</Text>
            <BusyButton size="xs" color="red" busy={busy} autoFocus onClick={() => void discard(write.id)}>
              {intl.formatMessage(words.discard)}
            </BusyButton>
            <Button size="xs" variant="default" disabled={busy} onClick={() => setConfirming(false)}>
              {intl.formatMessage(words.keep)}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {write.checkable && (
              <BusyButton size="xs" busy={busy} disabled={busyId !== null} onClick={() => void check(write.id)}>
                {intl.formatMessage(words.check)}
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
              {intl.formatMessage(words.discardOpen)}
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
  const intl = useIntl();
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
      title={notice ? titleOf(intl, notice) : intl.formatMessage(words.restored)}
      aria-label={intl.formatMessage(words.restored)}
    >
      <Stack gap="sm">
        {held.length > 0 && (
          <>
            <Text size="sm">{intl.formatMessage(words.held, { count: held.length, product: PRODUCT_NAME })}</Text>
            <Stack gap="xs" role="list" aria-label={intl.formatMessage(words.heldList)}>
              {held.map((write) => (
                <HeldWriteRow key={write.id} write={write} />
              ))}
            </Stack>
          </>
        )}
        {notice?.agencyWaits && <Text size="sm">{intl.formatMessage(words.agencyWaits)}</Text>}
        {outcome && (
          <Group justify="space-between" wrap="nowrap" role="status">
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              <FormattedMessage
                {...words.outcome}
                values={{
                  b: (chunks) => <b>{chunks}</b>,
                  what: outcome.what ?? intl.formatMessage(words.theWrite),
                  outcome: typeof outcome.outcome === 'string' ? outcome.outcome : intl.formatMessage(outcome.outcome),
                }}
              />
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
              {intl.formatMessage(words.close)}
            </Button>
          </Group>
        )}
        <ErrorNotice error={error} />
      </Stack>
    </Alert>
  );
}
