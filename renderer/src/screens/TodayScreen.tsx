import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Kbd, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../shared/format';
import type { TodayFigures } from '../../../shared/reports';
import { ErrorNotice } from '../components/ErrorNotice';
import { useMainCall, useMainEvent } from '../hooks/use-main-call';
import { shortcutKey, useShortcutKeys } from '../components/use-shortcuts';
import { useAgency } from '../stores/agency-store';
import { useAppStore } from '../stores/app-store';
import { EndOfDayReport } from './today/EndOfDayReport';
import { PeriodReport } from './today/PeriodReport';
import { Breakdown, SalesByHour, StatusCounts, TodaySection } from './today/DayCounts';
import { FlaggedBookings, WaitingChanges } from './today/NeedsList';
import { TakingsTable } from './today/TakingsTable';

/** The day in numbers at this counter: what was made, what the service took per currency, what waits for someone. */
export function TodayScreen() {
  const profileId = useAppStore((state) => state.activeProfileId);
  const [figures, setFigures] = useState<TodayFigures | null>(null);
  const [scope, setScope] = useState<TodayFigures['scope']>('counter');
  // The agency's day, from the copies of every desk's bookings this counter holds, while it shares this profile with one.
  const inAgency = useAgency((state) => state.status.profileId !== null && state.status.profileId === profileId);
  const thisCounter = useAgency((state) => state.status.counterName);
  const [reportDay, setReportDay] = useState<string | null>(null);
  const [periodDay, setPeriodDay] = useState<string | null>(null);
  const { run, error, clearError } = useMainCall();
  const load = useCallback(() => {
    if (profileId !== null) void run((call) => call('reports:today', { profileId, scope: inAgency ? scope : 'counter' }), setFigures);
  }, [profileId, run, scope, inAgency]);
  useEffect(load, [load]);
  // Each booking's commit moves the figures: read again (an older answer is dropped by useMainCall).
  useMainEvent('event:booking-change', load);
  useShortcutKeys([
    ['end-of-day-report', () => figures && reportDay === null && periodDay === null && setReportDay(figures.day)],
    ['period-report', () => figures && reportDay === null && periodDay === null && setPeriodDay(figures.day)],
  ]);

  if (reportDay !== null && profileId !== null)
    return <EndOfDayReport profileId={profileId} day={reportDay} onBack={() => setReportDay(null)} />;
  if (periodDay !== null && profileId !== null)
    return <PeriodReport profileId={profileId} day={periodDay} onBack={() => setPeriodDay(null)} />;

  const nothingSold = figures !== null && figures.made === 0 && figures.money.length === 0;
  return (
    <Stack maw={1100} gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Today</Title>
          <Text c="dimmed">
            {!figures
              ? 'This counter’s day'
              : figures.scope === 'agency'
                ? `${formatDate(figures.day)} (UTC), across the agency: every desk’s bookings as this counter last received them`
                : `${formatDate(figures.day)} (UTC), at this counter`}
          </Text>
        </div>
        {/* A supervisor's choice (main refuses the agency's day to an agent; the agent breakdown says who may see it). */}
        {inAgency && figures?.byAgent && (
          <SegmentedControl
            aria-label="Whose day"
            value={scope}
            onChange={(value) => setScope(value === 'agency' ? 'agency' : 'counter')}
            data={[
              { value: 'counter', label: 'This counter' },
              { value: 'agency', label: 'The agency' },
            ]}
          />
        )}
        <Group gap="xs">
          <Button
            onClick={() => figures && setReportDay(figures.day)}
            aria-keyshortcuts={shortcutKey('end-of-day-report')}
            rightSection={<Kbd size="xs">{shortcutKey('end-of-day-report')}</Kbd>}
          >
            End-of-day report
          </Button>
          <Button
            variant="default"
            onClick={() => figures && setPeriodDay(figures.day)}
            aria-keyshortcuts={shortcutKey('period-report')}
            rightSection={<Kbd size="xs">{shortcutKey('period-report')}</Kbd>}
          >
            Period report
          </Button>
          <Button variant="default" onClick={load}>
            Refresh
          </Button>
        </Group>
      </Group>
      <ErrorNotice error={error} onClose={clearError} />
      {figures && (
        <>
          {nothingSold && (
            <Alert color="gray" title="Nothing sold today" data-testid="nothing-sold">
              No booking was made and no money moved at this counter today.
            </Alert>
          )}
          <StatusCounts figures={figures} />
          <TodaySection id="today-takings" title="Takings per currency">
            <Text size="sm" c="dimmed" mb="xs">
              As the service records it: captured and paid at a change’s link, less refunded. Each currency on its own.
            </Text>
            <TakingsTable money={figures.money} label="Takings per currency" />
          </TodaySection>
          <TodaySection id="today-hours" title="Sales per hour">
            <SalesByHour figures={figures} />
          </TodaySection>
          <TodaySection id="today-waiting" title="Changes waiting for payment">
            <WaitingChanges figures={figures} />
          </TodaySection>
          <TodaySection id="today-flagged" title="Bookings that need a person">
            <FlaggedBookings figures={figures} />
          </TodaySection>
          {figures.byCounter && (
            <TodaySection id="today-desks" title="By desk">
              <Breakdown
                label="By desk"
                heading="Desk"
                lines={figures.byCounter.map((line) => ({
                  ...line,
                  name: line.counter || `${thisCounter ?? 'This counter'} (this counter)`,
                }))}
              />
            </TodaySection>
          )}
          {/* Only where agents are named: a counter without people has one line, the counter's own. */}
          {figures.byAgent?.some((line) => line.agent !== '') && (
            <TodaySection id="today-agents" title="By agent">
              <Breakdown
                label="By agent"
                heading="Agent"
                lines={figures.byAgent.map((line) => ({ ...line, name: line.agent || 'Nobody signed in' }))}
              />
            </TodaySection>
          )}
        </>
      )}
    </Stack>
  );
}
