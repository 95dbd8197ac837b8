import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, Group, Kbd, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../shared/format';
import { defineMessages } from '../../../shared/i18n/messages';
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

const words = defineMessages({
  title: { id: 'today.screen.title', defaultMessage: 'Today' },
  loadingDay: { id: 'today.screen.day.loading', defaultMessage: 'This counter’s day' },
  agencyDay: {
    id: 'today.screen.day.agency',
    defaultMessage: '{day} (UTC), across the agency: every desk’s bookings as this counter last received them',
  },
  counterDay: { id: 'today.screen.day.counter', defaultMessage: '{day} (UTC), at this counter' },
  whoseDay: { id: 'today.screen.scope', defaultMessage: 'Whose day' },
  scopeCounter: { id: 'today.screen.scope.counter', defaultMessage: 'This counter' },
  scopeAgency: { id: 'today.screen.scope.agency', defaultMessage: 'The agency' },
  endOfDayReport: { id: 'today.screen.endOfDayReport', defaultMessage: 'End-of-day report' },
  periodReport: { id: 'today.screen.periodReport', defaultMessage: 'Period report' },
  refresh: { id: 'today.screen.refresh', defaultMessage: 'Refresh' },
  nothingSold: { id: 'today.screen.nothingSold', defaultMessage: 'Nothing sold today' },
  nothingSoldText: {
    id: 'today.screen.nothingSold.text',
    defaultMessage: 'No booking was made and no money moved at this counter today.',
  },
  takings: { id: 'today.screen.takings', defaultMessage: 'Takings per currency' },
  takingsText: {
    id: 'today.screen.takings.text',
    defaultMessage: 'As the service records it: captured and paid at a change’s link, less refunded. Each currency on its own.',
  },
  salesPerHour: { id: 'today.screen.salesPerHour', defaultMessage: 'Sales per hour' },
  waitingChanges: { id: 'today.screen.waitingChanges', defaultMessage: 'Changes waiting for payment' },
  flagged: { id: 'today.screen.flagged', defaultMessage: 'Bookings that need a person' },
  byDesk: { id: 'today.screen.byDesk', defaultMessage: 'By desk' },
  desk: { id: 'today.screen.byDesk.desk', defaultMessage: 'Desk' },
  thisDesk: { id: 'today.screen.byDesk.this', defaultMessage: '{counter} (this counter)' },
  thisDeskUnnamed: { id: 'today.screen.byDesk.thisUnnamed', defaultMessage: 'This counter (this counter)' },
  byAgent: { id: 'today.screen.byAgent', defaultMessage: 'By agent' },
  agent: { id: 'today.screen.byAgent.agent', defaultMessage: 'Agent' },
  nobody: { id: 'today.screen.byAgent.nobody', defaultMessage: 'Nobody signed in' },
});

/** The day in numbers at this counter: what was made, what the service took per currency, what waits for someone. */
export function TodayScreen() {
  const intl = useIntl();
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
          <Title order={2}>{intl.formatMessage(words.title)}</Title>
          <Text c="dimmed">
            {!figures
              ? intl.formatMessage(words.loadingDay)
              : intl.formatMessage(figures.scope === 'agency' ? words.agencyDay : words.counterDay, { day: formatDate(figures.day) })}
          </Text>
        </div>
        {/* A supervisor's choice (main refuses the agency's day to an agent; the agent breakdown says who may see it). */}
        {inAgency && figures?.byAgent && (
          <SegmentedControl
            aria-label={intl.formatMessage(words.whoseDay)}
            value={scope}
            onChange={(value) => setScope(value === 'agency' ? 'agency' : 'counter')}
            data={[
              { value: 'counter', label: intl.formatMessage(words.scopeCounter) },
              { value: 'agency', label: intl.formatMessage(words.scopeAgency) },
            ]}
          />
        )}
        <Group gap="xs">
          <Button
            onClick={() => figures && setReportDay(figures.day)}
            aria-keyshortcuts={shortcutKey('end-of-day-report')}
            rightSection={
              <Kbd size="xs" aria-hidden>
                {shortcutKey('end-of-day-report', intl)}
              </Kbd>
            }
          >
            {intl.formatMessage(words.endOfDayReport)}
          </Button>
          <Button
            variant="default"
            onClick={() => figures && setPeriodDay(figures.day)}
            aria-keyshortcuts={shortcutKey('period-report')}
            rightSection={
              <Kbd size="xs" aria-hidden>
                {shortcutKey('period-report', intl)}
              </Kbd>
            }
          >
            {intl.formatMessage(words.periodReport)}
          </Button>
          <Button variant="default" onClick={load}>
            {intl.formatMessage(words.refresh)}
          </Button>
        </Group>
      </Group>
      <ErrorNotice error={error} onClose={clearError} />
      {figures && (
        <>
          {nothingSold && (
            <Alert color="gray" title={intl.formatMessage(words.nothingSold)} data-testid="nothing-sold">
              {intl.formatMessage(words.nothingSoldText)}
            </Alert>
          )}
          <StatusCounts figures={figures} />
          <TodaySection id="today-takings" title={intl.formatMessage(words.takings)}>
            <Text size="sm" c="dimmed" mb="xs">
              {intl.formatMessage(words.takingsText)}
            </Text>
            <TakingsTable money={figures.money} label={intl.formatMessage(words.takings)} />
          </TodaySection>
          <TodaySection id="today-hours" title={intl.formatMessage(words.salesPerHour)}>
            <SalesByHour figures={figures} />
          </TodaySection>
          <TodaySection id="today-waiting" title={intl.formatMessage(words.waitingChanges)}>
            <WaitingChanges figures={figures} />
          </TodaySection>
          <TodaySection id="today-flagged" title={intl.formatMessage(words.flagged)}>
            <FlaggedBookings figures={figures} />
          </TodaySection>
          {figures.byCounter && (
            <TodaySection id="today-desks" title={intl.formatMessage(words.byDesk)}>
              <Breakdown
                label={intl.formatMessage(words.byDesk)}
                heading={intl.formatMessage(words.desk)}
                lines={figures.byCounter.map((line) => ({
                  ...line,
                  name:
                    line.counter ||
                    (thisCounter === null
                      ? intl.formatMessage(words.thisDeskUnnamed)
                      : intl.formatMessage(words.thisDesk, { counter: thisCounter })),
                }))}
              />
            </TodaySection>
          )}
          {/* Only where agents are named: a counter without people has one line, the counter's own. */}
          {figures.byAgent?.some((line) => line.agent !== '') && (
            <TodaySection id="today-agents" title={intl.formatMessage(words.byAgent)}>
              <Breakdown
                label={intl.formatMessage(words.byAgent)}
                heading={intl.formatMessage(words.agent)}
                lines={figures.byAgent.map((line) => ({ ...line, name: line.agent || intl.formatMessage(words.nobody) }))}
              />
            </TodaySection>
          )}
        </>
      )}
    </Stack>
  );
}
