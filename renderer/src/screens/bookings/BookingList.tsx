import { StatusName } from '../../components/StatusBadge';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Chip, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useInterval } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { formatNumber } from '../../../../shared/format';
import { defineMessages, PRODUCT_NAME } from '../../../../shared/i18n/messages';
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

const words = defineMessages({
  title: { id: 'bookings.list.title', defaultMessage: 'Bookings' },
  subtitle: {
    id: 'bookings.list.subtitle',
    defaultMessage:
      '{offline, select, yes {Every booking made at this counter with this profile — readable offline.} other {Every booking made at this counter with this profile.}}',
  },
  subtitleAgency: {
    id: 'bookings.list.subtitle.agency',
    defaultMessage:
      '{offline, select, yes {Every booking of this profile at the agency’s counters; this one is {counter} — readable offline.} other {Every booking of this profile at the agency’s counters; this one is {counter}.}}',
  },
  exportCsv: { id: 'bookings.list.export', defaultMessage: 'Export CSV' },
  exported: {
    id: 'bookings.list.export.saved',
    defaultMessage: '{count, plural, one {{shown} bookings saved to {path}} other {{shown} bookings saved to {path}}}',
  },
  attentionTitle: {
    id: 'bookings.list.attention.title',
    defaultMessage: '{count, plural, one {{shown} booking needs a look} other {{shown} bookings need a look}}',
  },
  attentionText: {
    id: 'bookings.list.attention.text',
    defaultMessage: '{product} settled these after an answer was lost or the app stopped mid-step. Check each one.',
  },
  attentionBooking: { id: 'bookings.list.attention.booking', defaultMessage: '{reference} · {surname}' },
  find: { id: 'bookings.list.find', defaultMessage: 'Find a booking' },
  findPlaceholder: { id: 'bookings.list.find.placeholder', defaultMessage: 'Name, e-mail, reference, booking number, hotel…' },
  findKeys: { id: 'bookings.list.find.keys', defaultMessage: '{next} enters the results, {open} opens one' },
  checkInFrom: { id: 'bookings.list.checkInFrom', defaultMessage: 'Check-in from' },
  checkInTo: { id: 'bookings.list.checkInTo', defaultMessage: 'Check-in to' },
  statusFilter: { id: 'bookings.list.statusFilter', defaultMessage: 'Status filter' },
  counter: { id: 'bookings.list.counter', defaultMessage: 'Counter' },
  allCounters: { id: 'bookings.list.counter.all', defaultMessage: 'All counters' },
  thisCounter: { id: 'bookings.list.counter.here', defaultMessage: 'This counter ({counter})' },
  loading: { id: 'bookings.list.loading', defaultMessage: 'Loading…' },
  noMatch: { id: 'bookings.list.noMatch', defaultMessage: 'No booking matches these filters.' },
  none: { id: 'bookings.list.none', defaultMessage: 'No bookings yet. Bookings made in New booking appear here at once.' },
  count: { id: 'bookings.list.count', defaultMessage: '{count, plural, one {{shown} booking} other {{shown} bookings}}' },
  countEstimate: { id: 'bookings.list.count.estimate', defaultMessage: 'About {shown} bookings' },
  table: { id: 'bookings.list.table', defaultMessage: 'Bookings' },
  columnStatus: { id: 'bookings.list.column.status', defaultMessage: 'Status' },
  columnTraveler: { id: 'bookings.list.column.traveler', defaultMessage: 'Traveler' },
  columnPackage: { id: 'bookings.list.column.package', defaultMessage: 'Package · hotel' },
  columnStay: { id: 'bookings.list.column.stay', defaultMessage: 'Stay' },
  columnTotal: { id: 'bookings.list.column.total', defaultMessage: 'Total' },
  columnReference: { id: 'bookings.list.column.reference', defaultMessage: 'Reference' },
  columnCounter: { id: 'bookings.list.column.counter', defaultMessage: 'Counter' },
});

/** The statuses offered as filters: Pending, then those the profile's rules name (a service's own statuses differ). */
const statusesOf = (rules: StatusRules) => [
  ...new Set(['Pending', ...rules.awaitingSupplier, ...rules.modifiable, ...rules.confirmed, ...rules.final, ...rules.notCancellable]),
];

/** The count above the list: "About 8,300 bookings" (two figures) when the ledger estimated it. */
function countWords(intl: IntlShape, total: number, estimate: boolean): string {
  if (estimate) return intl.formatMessage(words.countEstimate, { shown: formatNumber(Number(total.toPrecision(2))) });
  return intl.formatMessage(words.count, { count: total, shown: formatNumber(total) });
}

/** The history: search as you type, filters, a virtualized list that stays smooth at a million rows, CSV export. */
export function BookingList() {
  const intl = useIntl();
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
      (file) =>
        setExported(
          file.path === null
            ? null
            : intl.formatMessage(words.exported, { count: file.rows, shown: formatNumber(file.rows), path: file.path }),
        ),
    );
  };

  const setStatuses = (statuses: string[]) => activeProfileId !== null && void setFilter(activeProfileId, { statuses });
  const setDate = (field: 'from' | 'to', value: string) => activeProfileId !== null && void setFilter(activeProfileId, { [field]: value });

  return (
    <Stack gap="md" h="calc(100vh - 150px)">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{intl.formatMessage(words.title)}</Title>
          <Text c="dimmed">
            {counterName === null
              ? intl.formatMessage(words.subtitle, { offline: online ? 'no' : 'yes' })
              : intl.formatMessage(words.subtitleAgency, { offline: online ? 'no' : 'yes', counter: counterName })}
          </Text>
        </div>
        <Button variant="default" onClick={() => void exportCsv()} disabled={!total}>
          {intl.formatMessage(words.exportCsv)}
        </Button>
      </Group>

      <RestoredWritesPanel onDone={() => search.current?.focus()} />

      {attention.length > 0 && (
        <Alert
          color="orange"
          title={intl.formatMessage(words.attentionTitle, { count: attention.length, shown: formatNumber(attention.length) })}
          role="alert"
          style={{ flexShrink: 0 }}
        >
          <Stack gap={4}>
            <Text size="sm">{intl.formatMessage(words.attentionText, { product: PRODUCT_NAME })}</Text>
            <Group gap="xs">
              {attention.slice(0, 5).map((booking) => (
                <Button key={booking.id} size="xs" variant="white" color="orange" onClick={() => openBooking(booking.id)}>
                  {intl.formatMessage(words.attentionBooking, { reference: booking.clientReference, surname: booking.holder.surname })}
                </Button>
              ))}
            </Group>
          </Stack>
        </Alert>
      )}

      <Group align="flex-end" gap="md">
        <TextInput
          ref={search}
          label={intl.formatMessage(words.find)}
          placeholder={intl.formatMessage(words.findPlaceholder)}
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
          description={intl.formatMessage(words.findKeys, {
            next: shortcutKey('next-result', intl),
            open: shortcutKey('open-booking', intl),
          })}
          w={380}
          data-shortcut-target="find"
        />
        <StayDateInput
          label={intl.formatMessage(words.checkInFrom)}
          value={filter.from || null}
          onChange={(value) => setDate('from', value ?? '')}
          clearable
        />
        <StayDateInput
          label={intl.formatMessage(words.checkInTo)}
          value={filter.to || null}
          onChange={(value) => setDate('to', value ?? '')}
          clearable
        />
        {activeProfileId !== null && (
          <AgentFilter profileId={activeProfileId} value={filter.agent} onChange={(agent) => void setFilter(activeProfileId, { agent })} />
        )}
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Chip.Group multiple value={filter.statuses} onChange={setStatuses}>
          <Group gap="xs" role="group" aria-label={intl.formatMessage(words.statusFilter)}>
            {statusesOf(rules).map((status) => (
              <Chip key={status} value={status} size="sm">
                <StatusName status={status} />
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {counterName !== null && (
          <SegmentedControl
            aria-label={intl.formatMessage(words.counter)}
            size="sm"
            value={filter.counter}
            onChange={(value) => activeProfileId !== null && void setFilter(activeProfileId, { counter: value as 'all' | 'here' })}
            data={[
              { value: 'all', label: intl.formatMessage(words.allCounters) },
              { value: 'here', label: intl.formatMessage(words.thisCounter, { counter: counterName }) },
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
          ? intl.formatMessage(words.loading)
          : total === 0
            ? intl.formatMessage(isFiltered(filter) ? words.noMatch : words.none)
            : countWords(intl, total, totalIsEstimate)}
      </Text>

      <div
        role="table"
        aria-label={intl.formatMessage(words.table)}
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
          <span role="columnheader">{intl.formatMessage(words.columnStatus)}</span>
          <span role="columnheader">{intl.formatMessage(words.columnTraveler)}</span>
          <span role="columnheader">{intl.formatMessage(words.columnPackage)}</span>
          <span role="columnheader">{intl.formatMessage(words.columnStay)}</span>
          <span role="columnheader">{intl.formatMessage(words.columnTotal)}</span>
          <span role="columnheader">{intl.formatMessage(words.columnReference)}</span>
          {counterName !== null && <span role="columnheader">{intl.formatMessage(words.columnCounter)}</span>}
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
