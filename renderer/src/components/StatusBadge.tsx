import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  Pending: 'yellow',
  Booked: 'cyan',
  Confirming: 'cyan',
  Paid: 'green',
  Cancelled: 'gray',
  Failed: 'red',
};

const EXPLAINED: Record<string, string> = {
  Pending: 'Held, not paid',
  Booked: 'Paid, awaiting supplier',
};

/** A booking status in a colour that says how settled it is; unknown statuses show as they come. */
export function StatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Badge color={COLORS[status] ?? 'orange'} variant="light" size={size} radius="sm" title={EXPLAINED[status] ?? status}>
      {status}
    </Badge>
  );
}
