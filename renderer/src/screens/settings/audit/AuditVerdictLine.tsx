import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Group, Text } from '@mantine/core';
import { formatLocale } from '../../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../../shared/i18n/messages';
import { BusyButton } from '../../../components/BusyButton';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useMainCall } from '../../../hooks/use-main-call';
import { useAppStore } from '../../../stores/app-store';

const words = defineMessages({
  unchecked: { id: 'audit.verdict.unchecked', defaultMessage: 'The audit has not been checked since {product} started.' },
  intact: { id: 'audit.verdict.intact', defaultMessage: 'Audit intact: {count, plural, one {# entry} other {# entries}}, checked {time}' },
  broken: { id: 'audit.verdict.broken', defaultMessage: 'Audit broken at entry {sequence}: {message} Checked {time}.' },
  check: { id: 'audit.verdict.check', defaultMessage: 'Check again' },
});

const clockTime = (iso: string) => new Intl.DateTimeFormat(formatLocale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** The chain checked as Settings opens, in one line: green and intact, or red with the first broken entry; and a check again. */
export function AuditVerdictLine() {
  const intl = useIntl();
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
            {intl.formatMessage(words.unchecked, { product: PRODUCT_NAME })}
          </Text>
        ) : audit.ok ? (
          <Text size="sm" fw={600} c="#1e6b30">
            {intl.formatMessage(words.intact, { count: audit.entries, time: clockTime(audit.checkedAt) })}
          </Text>
        ) : (
          <Text size="sm" fw={600} c="red.9" role="alert">
            {intl.formatMessage(words.broken, { sequence: audit.sequence, message: audit.message, time: clockTime(audit.checkedAt) })}
          </Text>
        )}
        <BusyButton size="xs" variant="default" busy={busy} onClick={check}>
          {intl.formatMessage(words.check)}
        </BusyButton>
      </Group>
      <ErrorNotice error={error} onClose={clearError} />
    </>
  );
}
