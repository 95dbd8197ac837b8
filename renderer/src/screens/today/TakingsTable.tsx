import { Table, Text } from '@mantine/core';
import type { CurrencyTotals } from '../../../../shared/reports';
import { reportMoney } from '../../../../shared/report-money';

/** The day's money per currency, each in its own currency (never added across currencies). */
export function TakingsTable({ money, label }: { money: CurrencyTotals[]; label: string }) {
  if (money.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No money moved.
      </Text>
    );
  return (
    <Table aria-label={label} striped withTableBorder highlightOnHover={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Currency</Table.Th>
          <Table.Th ta="right">Takings</Table.Th>
          <Table.Th ta="right">Captured</Table.Th>
          <Table.Th ta="right">Paid at a link</Table.Th>
          <Table.Th ta="right">Refunded</Table.Th>
          <Table.Th ta="right">Authorized</Table.Th>
          <Table.Th ta="right">Released</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {money.map((line) => (
          <Table.Tr key={line.currency} data-testid={`takings-${line.currency}`}>
            <Table.Th scope="row">{line.currency}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {reportMoney(line.takings, line.currency)}
            </Table.Td>
            <Table.Td ta="right">{reportMoney(line.captured, line.currency)}</Table.Td>
            <Table.Td ta="right">{reportMoney(line.paidAtLink, line.currency)}</Table.Td>
            <Table.Td ta="right">{reportMoney(line.refunded, line.currency)}</Table.Td>
            <Table.Td ta="right">{reportMoney(line.authorized, line.currency)}</Table.Td>
            <Table.Td ta="right">{reportMoney(line.released, line.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
