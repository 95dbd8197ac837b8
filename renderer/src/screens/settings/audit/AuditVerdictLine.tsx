import { useCallback, useEffect } from 'react';
import { Group, Text } from '@mantine/core';
import { plural } from '../../../../../shared/format';
import { BusyButton } from '../../../components/BusyButton';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useMainCall } from '../../../hooks/use-main-call';
import { useAppStore } from '../../../stores/app-store';

const clockTime = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** The chain checked as Settings opens, in one line: green and intact, or red with the first broken entry; and a check again. */
export function AuditVerdictLine() {
  const audit = useAppStore((state) => state.audit);
  const setAudit = useAppStore((state) => state.setAudit);
  const { run, busy, error, clearError } = useMainCall();
  const check = useCallback(() => void run((mainCall) => mainCall('audit:verify', {}), setAudit), [run, setAudit]);
  // Checked again each time Settings shows it: the verdict at start may be hours and many entries old.
  useEffect(check, [check]);

  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="audit-verdict">
        {audit === null ? (
          <Text size="sm" c="dimmed">
            The audit has not been checked since Packdesk started.
          </Text>
        ) : audit.ok ? (
          <Text size="sm" fw={600} c="#1e6b30">
            Audit intact: {plural(audit.entries, 'entry', 'entries')}, checked {clockTime(audit.checkedAt)}
          </Text>
        ) : (
          <Text size="sm" fw={600} c="red.9" role="alert">
            Audit broken at entry {audit.sequence}: {audit.message} Checked {clockTime(audit.checkedAt)}.
          </Text>
        )}
        <BusyButton size="xs" variant="default" busy={busy} onClick={check}>
          Check again
        </BusyButton>
      </Group>
      <ErrorNotice error={error} onClose={clearError} />
    </>
  );
}
