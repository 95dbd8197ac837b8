import { useIntl } from 'react-intl';
import { Table, Text } from '@mantine/core';
import type { AuditEntry } from '../../../../../shared/audit';
import { formatDateTime } from '../../../../../shared/format';
import { defineMessages } from '../../../../../shared/i18n/messages';
import { AUDIT_ACTION_WORDS, AUDIT_OUTCOME_WORDS } from '../../../../../shared/audit-words';
import { auditLine } from '../../../../../shared/i18n/audit-line';

const words = defineMessages({
  empty: { id: 'audit.table.empty', defaultMessage: 'No entry matches these filters.' },
  table: { id: 'audit.table', defaultMessage: 'Audit entries' },
  sequence: { id: 'audit.table.sequence', defaultMessage: '#' },
  time: { id: 'audit.table.time', defaultMessage: 'Time' },
  counter: { id: 'audit.table.counter', defaultMessage: 'Counter' },
  who: { id: 'audit.table.who', defaultMessage: 'Who' },
  approver: { id: 'audit.table.approver', defaultMessage: 'Approver' },
  action: { id: 'audit.table.action', defaultMessage: 'Action' },
  outcome: { id: 'audit.table.outcome', defaultMessage: 'Outcome' },
  what: { id: 'audit.table.what', defaultMessage: 'What' },
});

/** Nobody named (no agent signed in, no approval asked). */
const NOBODY = '—';

/** The entries, newest first, one compact line each: when, where, who, approved by whom, what and how it ended. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const intl = useIntl();
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {intl.formatMessage(words.empty)}
      </Text>
    );
  return (
    <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label={intl.formatMessage(words.table)}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{intl.formatMessage(words.sequence)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.time)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.counter)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.who)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.approver)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.action)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.outcome)}</Table.Th>
          <Table.Th>{intl.formatMessage(words.what)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.sequence}>
            <Table.Td>{entry.sequence}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
            <Table.Td>{entry.counter}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.who?.name ?? NOBODY}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.approver?.name ?? NOBODY}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{intl.formatMessage(AUDIT_ACTION_WORDS[entry.action])}</Table.Td>
            <Table.Td>
              <Text span size="xs" fw={entry.outcome === 'refused' ? 700 : 400} c={entry.outcome === 'refused' ? 'red.9' : undefined}>
                {intl.formatMessage(AUDIT_OUTCOME_WORDS[entry.outcome])}
              </Text>
            </Table.Td>
            <Table.Td>{auditLine(intl, entry)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
