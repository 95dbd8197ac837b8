import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Chip, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useInterval } from '@mantine/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StayDateInput } from '../../components/StayDateInput';
import { shortcutKey, shortcutKeyHandler } from '../../components/use-shortcuts';
import { useMainCall } from '../../hooks/use-main-call';
import { SPEC_STATUS_RULES } from '../../../../shared/status-rules';
import type { StatusRules } from '../../../../shared/status-rules';
import { useActiveProfile, useAppStore } from '../../stores/app-store';
import { useSharedCounterName } from '../../stores/agency-store';
import { historyFilter, isFiltered, useBookings } from '../../stores/bookings-store';
import { AgentFilter } from './AgentFilter';
import { BookingRow, columnsFor, ROW_HEIGHT } from './BookingRow';
import { RestoredWritesPanel } from './RestoredWritesPanel';
import { useScaledRows } from './use-scaled-rows';

/** The statuses offered as filters: Pending, then those the profile's rules name (a service's own statuses differ). */
const statusesOf = (rules: StatusRules) => [
  ...new Set(['Pending', ...rules.awaitingSupplier, ...rules.modifiable, ...rules.confirmed, ...rules.final, ...rules.notCancellable]),
];

/** The count above the list: "About 8,300 bookings" (two figures) when the ledger estimated it. */
function countWords(total: number, estimate: boolean): string {
  if (estimate) return `About ${Number(total.toPrecision(2)).toLocaleString('en-GB')} bookings`;
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'booking' : 'bookings'}`;
}

/** The history: search as you type, filters, a virtualized list that stays smooth at a million rows, CSV export. */
export function BookingList() {
  const { activeProfileId, online, openBooking } = useAppStore();
  const rules = useActiveProfile()?.statusRules ?? SPEC_STATUS_RULES;
  // This counter's name when the profile's bookings are shared with an agency: the Counter column and filter show then.
  const counterName = useSharedCounterName();
  const { filter, total, totalIsEstimate, rows, generation, error, attention, open, setFilter, showRows, lookForOtherWriters } =
    useBookings();
  const [query, setQuery] = useState(filter.query);
  const { run: runExport, error: exportError, clearError: clearExportError } = useMainCall();
  const [exported, setExported] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  // Rows written by other writers (this app's own changes come as events: another process, a restore)
  // show without retyping: the ledger's version is asked every two seconds while this list is open.
  // Asked before the rows (this effect comes first), so a commit between the two is not taken as seen.
  const look = useCallback(() => void lookForOtherWriters().catch(() => undefined), [lookForOtherWriters]);
  useEffect(look, [look]);
  useInterval(look, 2_000, { autoInvoke: true });

  useEffect(() => {
    if (activeProfileId !== null) void open(activeProfileId);
  }, [activeProfileId, open]);

  // Out of the agency (disconnected, or another profile in use): "This counter" is every booking again.
  useEffect(() => {
    if (counterName === null && filter.counter === 'here' && activeProfileId !== null) void setFilter(activeProfileId, { counter: 'all' });
  }, [counterName, filter.counter, activeProfileId, setFilter]);

  // Searched as typed, once the typing pauses.
  const [typedQuery] = useDebouncedValue(query, 120);
  useEffect(() => {
    if (typedQuery === filter.query || activeProfileId === null) return;
    void setFilter(activeProfileId, { query: typedQuery });
  }, [typedQuery, filter.query, activeProfileId, setFilter]);

  // Opened (Ctrl+F among others): the search box has the focus; Ctrl+F on the list itself is in use-shortcuts.
  useEffect(() => {
    search.current?.focus();
  }, []);

  const list = useScaledRows({ count: total ?? 0, rowHeight: ROW_HEIGHT, overscan: 4, scroller });
  const first = list.rows[0]?.index ?? 0;
  const last = list.rows.at(-1)?.index ?? 0;
  useEffect(() => showRows(first, last), [first, last, showRows]);
  // A new filter shows its results from the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [generation]);

  /** Moves the focus to a row, scrolling it into view first (only the rows on screen exist). */
  const focusRow = (index: number) => {
    if (index < 0) {
      search.current?.focus();
      return;
    }
    if (total === null || index >= total) return;
    list.scrollToRow(index);
    const tryFocus = (attempt: number) => {
      const row = scroller.current?.querySelector<HTMLElement>(`[role="row"][aria-rowindex="${index + 1}"][tabindex="0"]`);
      if (row) row.focus();
      else if (attempt < 20) requestAnimationFrame(() => tryFocus(attempt + 1));
    };
    tryFocus(0);
  };
  const focusRowRef = useRef(focusRow);
  focusRowRef.current = focusRow;
  const moveFrom = useCallback((index: number, step: 1 | -1) => focusRowRef.current(index + step), []);

  const exportCsv = async () => {
    if (activeProfileId === null) return;
    // Main writes the file where the agent says, as a stream: the rows never cross IPC.
    await runExport(
      (mainCall) => mainCall('history:export', historyFilter(activeProfileId, filter)),
      (file) => setExported(file.path === null ? null : `${file.rows.toLocaleString('en-GB')} bookings saved to ${file.path}`),
    );
  };

  const setStatuses = (statuses: string[]) => activeProfileId !== null && void setFilter(activeProfileId, { statuses });
  const setDate = (field: 'from' | 'to', value: string) => activeProfileId !== null && void setFilter(activeProfileId, { [field]: value });

  return (
    <Stack gap="md" h="calc(100vh - 150px)">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Bookings</Title>
          <Text c="dimmed">
            {counterName === null
              ? 'Every booking made at this counter with this profile'
              : `Every booking of this profile at the agency’s counters; this one is ${counterName}`}
            {online ? '' : ' — readable offline'}.
          </Text>
        </div>
        <Button variant="default" onClick={() => void exportCsv()} disabled={!total}>
          Export CSV
        </Button>
      </Group>

      <RestoredWritesPanel onDone={() => search.current?.focus()} />

      {attention.length > 0 && (
        <Alert
          color="orange"
          title={`${attention.length} ${attention.length === 1 ? 'booking needs' : 'bookings need'} a look`}
          role="alert"
          style={{ flexShrink: 0 }}
        >
          <Stack gap={4}>
            <Text size="sm">Packdesk settled these after an answer was lost or the app stopped mid-step. Check each one.</Text>
            <Group gap="xs">
              {attention.slice(0, 5).map((booking) => (
                <Button key={booking.id} size="xs" variant="white" color="orange" onClick={() => openBooking(booking.id)}>
                  {booking.clientReference} · {booking.holder.surname}
                </Button>
              ))}
            </Group>
          </Stack>
        </Alert>
      )}

      <Group align="flex-end" gap="md">
        <TextInput
          ref={search}
          label="Find a booking"
          placeholder="Name, e-mail, reference, booking number, hotel…"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          // Down enters the results; Enter on a search that found one booking opens it.
          onKeyDown={shortcutKeyHandler([
            ['next-result', () => focusRow(0)],
            [
              'open-booking',
              () => {
                const only = total === 1 && query === filter.query ? rows.get(0) : undefined;
                if (only) openBooking(only.id);
              },
            ],
          ])}
          description={`${shortcutKey('next-result')} enters the results, ${shortcutKey('open-booking')} opens one`}
          w={380}
          data-shortcut-target="find"
        />
        <StayDateInput label="Check-in from" value={filter.from || null} onChange={(value) => setDate('from', value ?? '')} clearable />
        <StayDateInput label="Check-in to" value={filter.to || null} onChange={(value) => setDate('to', value ?? '')} clearable />
        {activeProfileId !== null && (
          <AgentFilter profileId={activeProfileId} value={filter.agent} onChange={(agent) => void setFilter(activeProfileId, { agent })} />
        )}
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Chip.Group multiple value={filter.statuses} onChange={setStatuses}>
          <Group gap="xs" role="group" aria-label="Status filter">
            {statusesOf(rules).map((status) => (
              <Chip key={status} value={status} size="sm">
                {status}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {counterName !== null && (
          <SegmentedControl
            aria-label="Counter"
            size="sm"
            value={filter.counter}
            onChange={(value) => activeProfileId !== null && void setFilter(activeProfileId, { counter: value as 'all' | 'here' })}
            data={[
              { value: 'all', label: 'All counters' },
              { value: 'here', label: `This counter (${counterName})` },
            ]}
          />
        )}
      </Group>

      <ErrorNotice error={error ?? exportError} onClose={exportError ? clearExportError : undefined} />
      {exported && (
        <Text size="sm" c="dimmed" data-testid="export-saved">
          {exported}
        </Text>
      )}
      <Text size="sm" c="dimmed" role="status" data-testid="result-count">
        {total === null
          ? 'Loading…'
          : total === 0
            ? isFiltered(filter)
              ? 'No booking matches these filters.'
              : 'No bookings yet. Bookings made in New booking appear here at once.'
            : countWords(total, totalIsEstimate)}
      </Text>

      <div
        role="table"
        aria-label="Bookings"
        // -1: ARIA's "how many rows is not known", while the total is an estimate.
        aria-rowcount={totalIsEstimate ? -1 : (total ?? 0)}
        style={{
          flex: 1,
          minHeight: 200,
          display: 'flex',
          flexDirection: 'column',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 8,
          background: 'white',
        }}
      >
        <div
          role="row"
          style={{
            display: 'grid',
            gridTemplateColumns: columnsFor(counterName),
            gap: 12,
            padding: '10px 16px',
            borderBottom: '1px solid var(--mantine-color-gray-3)',
            fontWeight: 600,
            fontSize: 13,
            color: 'var(--mantine-color-gray-7)',
          }}
        >
          <span role="columnheader">Status</span>
          <span role="columnheader">Traveler</span>
          <span role="columnheader">Package · hotel</span>
          <span role="columnheader">Stay</span>
          <span role="columnheader">Total</span>
          <span role="columnheader">Reference</span>
          {counterName !== null && <span role="columnheader">Counter</span>}
        </div>
        <div ref={scroller} style={{ flex: 1, overflow: 'auto' }} data-testid="bookings-scroller">
          <div role="rowgroup" style={{ height: list.height, position: 'relative' }}>
            {list.rows.map((item) => (
              <BookingRow
                key={item.index}
                index={item.index}
                top={item.top}
                booking={rows.get(item.index)}
                counterName={counterName}
                onOpen={openBooking}
                onMove={moveFrom}
              />
            ))}
          </div>
        </div>
      </div>
    </Stack>
  );
}
