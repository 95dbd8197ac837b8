import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { useMainCall } from '../../hooks/use-main-call';

interface AgentFilterProps {
  profileId: number;
  /** The agent filtered on, '' for every agent. */
  value: string;
  onChange: (agent: string) => void;
  /** Changes when the list's bookings may name someone new (its total moved): the names are read again. */
  freshness: number | null;
}

/**
 * "Made or changed by": the agents the profile's history names, read from the ledger (offline too).
 * Shown only once a booking names an agent: a counter with no agents (training) sees no new filter.
 */
export function AgentFilter({ profileId, value, onChange, freshness }: AgentFilterProps) {
  const [names, setNames] = useState<string[]>([]);
  const { run } = useMainCall();
  useEffect(() => {
    void run((mainCall) => mainCall('history:agents', { profileId }), setNames);
  }, [run, profileId, freshness]);

  if (!names.length && !value) return null;
  const data = value && !names.includes(value) ? [value, ...names] : names;
  return (
    <Select
      label="Made or changed by"
      placeholder="Every agent"
      data={data}
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
