import { useEffect, useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useMainCall } from '../../hooks/use-main-call';
import { useBookings } from '../../stores/bookings-store';

const words = defineMessages({
  label: { id: 'bookings.list.agentFilter', defaultMessage: 'Made or changed by' },
  everyAgent: { id: 'bookings.list.agentFilter.everyAgent', defaultMessage: 'Every agent' },
});

interface AgentFilterProps {
  profileId: number;
  /** The agent filtered on, '' for every agent. */
  value: string;
  onChange: (agent: string) => void;
}

/**
 * "Made or changed by": the agents the profile's history names, read from the ledger once (offline
 * too), and any a booking on screen names since (from its change event: no call back to main). Shown
 * only once a booking names an agent: a counter with no agents (training) sees no new filter.
 */
export function AgentFilter({ profileId, value, onChange }: AgentFilterProps) {
  const intl = useIntl();
  const [read, setRead] = useState<string[]>([]);
  const rows = useBookings((state) => state.rows);
  const { run } = useMainCall();
  useEffect(() => {
    void run((mainCall) => mainCall('history:agents', { profileId }), setRead);
  }, [run, profileId]);

  const names = useMemo(() => {
    const shown = [...rows.values()].flatMap((booking) => [booking.madeBy, booking.changedBy]);
    const all = new Set([...read, ...shown.filter((name): name is string => name !== null), ...(value ? [value] : [])]);
    return [...all].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  }, [read, rows, value]);

  if (!names.length) return null;
  return (
    <Select
      label={intl.formatMessage(words.label)}
      placeholder={intl.formatMessage(words.everyAgent)}
      data={names}
      value={value || null}
      onChange={(agent) => onChange(agent ?? '')}
      clearable
      searchable
      size="sm"
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
