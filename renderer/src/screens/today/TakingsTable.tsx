import { useIntl } from 'react-intl';
import { Text } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { CurrencyTotals } from '../../../../shared/reports';
import { MONEY_COLUMNS, reportAmount } from '../../../../shared/report-wording';
import { useWording } from '../../i18n/use-wording';

const words = defineMessages({
  none: { id: 'today.takings.none', defaultMessage: 'No money moved.' },
  currency: { id: 'today.takings.currency', defaultMessage: 'Currency' },
});

/** The day's money per currency, each in its own currency (never added across currencies); a plain table, cheap to draw many of. */
export function TakingsTable({ money, label }: { money: CurrencyTotals[]; label: string }) {
  const intl = useIntl();
  const wording = useWording();
  if (money.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {intl.formatMessage(words.none)}
      </Text>
    );
  return (
    <table aria-label={label} className="report-table">
      <thead>
        <tr>
          <th>{intl.formatMessage(words.currency)}</th>
          {MONEY_COLUMNS.map(([title, field]) => (
            <th key={field} className="amount">
              {wording.say(title)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {money.map((line) => (
          <tr key={line.currency} data-testid={`takings-${line.currency}`}>
            <th scope="row">{line.currency}</th>
            {MONEY_COLUMNS.map(([, field]) => (
              <td key={field} className={field === 'takings' ? 'amount strong' : 'amount'}>
                {reportAmount(line[field], line.currency, wording)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
