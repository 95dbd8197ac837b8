import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Chip, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatDate, formatMoney } from '../../../../shared/format';
import { call, describeError } from '../../bridge';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StayDateInput } from '../../components/StayDateInput';
import { StatusBadge } from '../../components/StatusBadge';
import { SPEC_STATUS_RULES } from '../../../../shared/status-rules';
import type { StatusRules } from '../../../../shared/status-rules';
import { useActiveProfile, useAppStore } from '../../stores/app-store';
import { PAGE_SIZE, useBookings } from '../../stores/bookings-store';

/** The statuses offered as filters: Pending, then those the profile's rules name (a service's own statuses differ). */
const statusesOf = (rules: StatusRules) => [
  ...new Set(['Pending', ...rules.awaitingSupplier, ...rules.modifiable, ...rules.confirmed, ...rules.final, ...rules.notCancellable]),
];
const ROW_HEIGHT = 56;
const COLUMNS = '110px minmax(160px, 1.3fr) minmax(180px, 1.6fr) 200px 120px 130px';

/** The history: search as you type, filters, a virtualized list that stays smooth at 100,000 rows, CSV export. */
export function BookingList() {
  const { activeProfileId, online, openBooking } = useAppStore();
  const rules = useActiveProfile()?.statusRules ?? SPEC_STATUS_RULES;
  const { filter, total, pages, error, attention, setFilter, loadPage, reload } = useBookings();
  const [query, setQuery] = useState(filter.query);
  const [exportError, setExportError] = useState<{ message: string; hint: string } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (activeProfileId !== null) void setFilter(activeProfileId, {});
  }, [activeProfileId, setFilter]);

  useEffect(() => {
    if (query === filter.query || activeProfileId === null) return;
    const timer = setTimeout(() => void setFilter(activeProfileId, { query }), 120);
    return () => clearTimeout(timer);
  }, [query, filter.query, activeProfileId, setFilter]);

  useEffect(() => {
    search.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        search.current?.focus();
        search.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Rows written by other writers (the tracker's own events aside: another process, a restore) show
  // without retyping: the ledger's version is asked every two seconds while this list is open.
  useEffect(() => {
    let seen: string | null = null;
    const look = async () => {
      const { version } = await call('history:version', {});
      if (seen !== null && version !== seen) await reload();
      seen = version;
    };
    void look().catch(() => undefined);
    const timer = setInterval(() => void look().catch(() => undefined), 2_000);
    return () => clearInterval(timer);
  }, [reload]);

  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();

  /** Moves the focus to a row, scrolling it into view first (only the rows on screen exist). */
  const focusRow = (index: number) => {
    if (index < 0) {
      search.current?.focus();
      return;
    }
    if (total === null || index >= total) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const tryFocus = (attempt: number) => {
      const row = scroller.current?.querySelector<HTMLElement>(`[role="row"][aria-rowindex="${index + 1}"][tabindex="0"]`);
      if (row) row.focus();
      else if (attempt < 20) requestAnimationFrame(() => tryFocus(attempt + 1));
    };
    tryFocus(0);
  };
  useEffect(() => {
    const needed = new Set(items.map((item) => Math.floor(item.index / PAGE_SIZE)));
    for (const page of needed) if (!pages[page]) void loadPage(page);
  }, [items, pages, loadPage]);

  const exportCsv = async () => {
    if (activeProfileId === null) return;
    setExportError(null);
    try {
      const file = await call('history:export', {
        profileId: activeProfileId,
        ...(filter.query.trim() ? { query: filter.query } : {}),
        ...(filter.statuses.length ? { statuses: filter.statuses } : {}),
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      link.download = file.fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (caught) {
      setExportError(describeError(caught));
    }
  };

  const setStatuses = (statuses: string[]) => activeProfileId !== null && void setFilter(activeProfileId, { statuses });
  const setDate = (field: 'from' | 'to', value: string) => activeProfileId !== null && void setFilter(activeProfileId, { [field]: value });

  return (
    <Stack gap="md" h="calc(100vh - 150px)">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Bookings</Title>
          <Text c="dimmed">Every booking made at this counter with this profile{online ? '' : ' — readable offline'}.</Text>
        </div>
        <Button variant="default" onClick={() => void exportCsv()} disabled={!total}>
          Export CSV
        </Button>
      </Group>

      {attention.length > 0 && (
        <Alert
          color="orange"
          title={`${attention.length} ${attention.length === 1 ? 'booking needs' : 'bookings need'} a look`}
          role="alert"
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
          onKeyDown={(event) => {
            // Down enters the results; Enter on a search that found one booking opens it.
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              focusRow(0);
            } else if (event.key === 'Enter' && total === 1 && query === filter.query) {
              const only = pages[0]?.[0];
              if (only) openBooking(only.id);
            }
          }}
          description="↓ enters the results, Enter opens one"
          w={380}
          data-shortcut-target="find"
        />
        <StayDateInput label="Check-in from" value={filter.from || null} onChange={(value) => setDate('from', value ?? '')} clearable />
        <StayDateInput label="Check-in to" value={filter.to || null} onChange={(value) => setDate('to', value ?? '')} clearable />
      </Group>
      <Chip.Group multiple value={filter.statuses} onChange={setStatuses}>
        <Group gap="xs" role="group" aria-label="Status filter">
          {statusesOf(rules).map((status) => (
            <Chip key={status} value={status} size="sm">
              {status}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      <ErrorNotice error={error ?? exportError} onClose={exportError ? () => setExportError(null) : undefined} />
      <Text size="sm" c="dimmed" role="status" data-testid="result-count">
        {total === null
          ? 'Loading…'
          : total === 0
            ? filter.query || filter.statuses.length || filter.from || filter.to
              ? 'No booking matches these filters.'
              : 'No bookings yet. Bookings made in New booking appear here at once.'
            : `${total.toLocaleString('en-GB')} ${total === 1 ? 'booking' : 'bookings'}`}
      </Text>

      <div
        role="table"
        aria-label="Bookings"
        aria-rowcount={total ?? 0}
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
            gridTemplateColumns: COLUMNS,
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
        </div>
        <div ref={scroller} style={{ flex: 1, overflow: 'auto' }} data-testid="bookings-scroller">
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const booking = pages[Math.floor(item.index / PAGE_SIZE)]?.[item.index % PAGE_SIZE];
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={item.index + 1}
                  tabIndex={booking ? 0 : -1}
                  onClick={() => booking && openBooking(booking.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && booking) openBooking(booking.id);
                    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                      event.preventDefault();
                      focusRow(item.index + (event.key === 'ArrowDown' ? 1 : -1));
                    }
                  }}
                  className="booking-row"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: COLUMNS,
                    gap: 12,
                    alignItems: 'center',
                    padding: '0 16px',
                    borderBottom: '1px solid var(--mantine-color-gray-2)',
                    cursor: 'pointer',
                  }}
                >
                  {booking ? (
                    <>
                      <span role="cell">
                        <StatusBadge booking={booking} size="sm" />
                      </span>
                      <span role="cell" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600} span>
                          {booking.holder.name} {booking.holder.surname}
                        </Text>
                        {booking.attention && (
                          <Text span c="orange.7" size="sm" fw={700} title="Needs a look">
                            {' '}
                            ●
                          </Text>
                        )}
                      </span>
                      <span role="cell" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 14 }}>
                        {booking.packageTitle} · {booking.propertyName}
                      </span>
                      <span role="cell" style={{ fontSize: 14 }}>
                        {formatDate(booking.checkIn)}
                      </span>
                      <span role="cell" style={{ fontSize: 14, fontWeight: 600 }}>
                        {formatMoney(booking.totalMinor, booking.currency)}
                      </span>
                      <span role="cell" className="mono" style={{ fontSize: 13 }}>
                        {booking.bookingReference ?? booking.clientReference}
                      </span>
                    </>
                  ) : (
                    <Skeleton height={16} style={{ gridColumn: '1 / -1' }} />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </Stack>
  );
}
