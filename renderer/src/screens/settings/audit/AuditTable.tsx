import { Table, Text } from '@mantine/core';
import type { AuditEntry } from '../../../../../shared/audit';
import { AUDIT_ACTION_LABELS, AUDIT_OUTCOME_LABELS } from '../../../../../shared/audit-words';
import { formatDateTime } from '../../../../../shared/format';

/** The entries, newest first, one compact line each: when, where, who, approved by whom, what and how it ended. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No entry matches these filters.
      </Text>
    );
  return (
    <Table striped withTableBorder fz="xs" verticalSpacing={4} aria-label="Audit entries">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Time</Table.Th>
          <Table.Th>Counter</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>Approver</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>What</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.sequence}>
            <Table.Td>{entry.sequence}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
            <Table.Td>{entry.counter}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.who?.name ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.approver?.name ?? '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{AUDIT_ACTION_LABELS[entry.action]}</Table.Td>
            <Table.Td>
              <Text span size="xs" fw={entry.outcome === 'refused' ? 700 : 400} c={entry.outcome === 'refused' ? 'red.9' : undefined}>
                {AUDIT_OUTCOME_LABELS[entry.outcome]}
              </Text>
            </Table.Td>
            <Table.Td>{entry.what}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
