import { Text } from '@mantine/core';
import type { CurrencyTotals } from '../../../../shared/reports';
import { reportMoney } from '../../../../shared/report-money';
import { MONEY_COLUMNS } from '../../../../shared/report-words';

/** The day's money per currency, each in its own currency (never added across currencies); a plain table, cheap to draw many of. */
export function TakingsTable({ money, label }: { money: CurrencyTotals[]; label: string }) {
  if (money.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No money moved.
      </Text>
    );
  return (
    <table aria-label={label} className="report-table">
      <thead>
        <tr>
          <th>Currency</th>
          {MONEY_COLUMNS.map(([title]) => (
            <th key={title} className="amount">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {money.map((line) => (
          <tr key={line.currency} data-testid={`takings-${line.currency}`}>
            <th scope="row">{line.currency}</th>
            {MONEY_COLUMNS.map(([title, field]) => (
              <td key={title} className={field === 'takings' ? 'amount strong' : 'amount'}>
                {reportMoney(line[field], line.currency)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
