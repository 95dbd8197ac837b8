import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useActiveProfile } from '../../stores/app-store';
import { useTraining } from '../../stores/training-store';
import { AddTraineeForm } from './AddTraineeForm';
import { ExerciseList } from './ExerciseList';
import { ExerciseOutcome, ExerciseUnderWay } from './ExerciseUnderWay';
import { FreshDayDialog } from './FreshDayDialog';
import { ScenarioPanel } from './ScenarioPanel';
import { SessionReportView } from './SessionReportView';

const words = defineMessages({
  title: { id: 'trainer.screen.title', defaultMessage: 'Trainer' },
  intro: {
    id: 'trainer.screen.intro',
    defaultMessage:
      'Trainee: <b>{trainee}</b>. Exercises check themselves from the training service’s records; nothing here reaches a real service or a real card.',
  },
  addTrainee: { id: 'trainer.screen.addTrainee', defaultMessage: 'Add trainee' },
  sessionReport: { id: 'trainer.screen.sessionReport', defaultMessage: 'Session report' },
  freshDay: { id: 'trainer.screen.freshDay', defaultMessage: 'Start a fresh training day' },
  freshDayDone: { id: 'trainer.screen.freshDay.done', defaultMessage: 'A fresh training day' },
  freshDayRemoved: {
    id: 'trainer.screen.freshDay.removed',
    defaultMessage:
      '{count, plural, one {One booking was} other {# bookings were}} removed, with this trainee’s exercises and report. The built-in service is back to normal.',
  },
  preparing: { id: 'trainer.screen.preparing', defaultMessage: 'Preparing the exercise' },
  preparingShort: { id: 'trainer.screen.preparing.loader', defaultMessage: 'Preparing' },
  preparingText: {
    id: 'trainer.screen.preparing.text',
    defaultMessage: 'Turning on its scenario and making the booking it starts from, if any. A few seconds.',
  },
  exercises: { id: 'trainer.screen.exercises', defaultMessage: 'Exercises' },
});

/** The trainer's room, on training profiles only: exercises that check themselves, the service's bad days, trainees and their reports. */
export function TrainerScreen() {
  const intl = useIntl();
  const profile = useActiveProfile();
  // Read by the training banner for this profile, and kept current by every start, check and fresh day.
  const { exercises, underWay, outcome, problem, busy } = useTraining();
  const [view, setView] = useState<'panel' | 'report'>('panel');
  const [addingTrainee, setAddingTrainee] = useState(false);
  const [askingFreshDay, setAskingFreshDay] = useState(false);
  const [freshDay, setFreshDay] = useState<number | null>(null);
  const preparing = useRef<HTMLDivElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const checkButton = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const arrived = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const freshDayButton = useRef<HTMLButtonElement>(null);
  // Back from the report, the trainee's form or the fresh day's question: the focus returns to the button that opened it.
  const [returnTo, setReturnTo] = useState<'report' | 'add' | 'fresh-day' | null>(null);
  useEffect(() => {
    if (returnTo === null || view !== 'panel' || addingTrainee || askingFreshDay) return;
    ({ report: reportButton, add: addButton, 'fresh-day': freshDayButton })[returnTo].current?.focus();
    setReturnTo(null);
  }, [returnTo, view, addingTrainee, askingFreshDay]);

  // The focus follows the exercise: on "Preparing…" while it starts, then on its task, then on how it came out.
  useEffect(() => {
    if (busy === 'starting') preparing.current?.focus();
  }, [busy]);
  useEffect(() => {
    if (outcome?.kind === 'over') result.current?.focus();
  }, [outcome]);
  // On arrival, once the exercises are read: the exercise under way's check, else the first exercise's Start.
  useEffect(() => {
    if (arrived.current || exercises.length === 0) return;
    arrived.current = true;
    const target = underWay
      ? checkButton.current?.querySelector<HTMLElement>('[data-focus-next]')
      : list.current?.querySelector<HTMLElement>('button');
    target?.focus();
  }, [exercises.length, underWay]);
  const underWayId = underWay?.id;
  useEffect(() => {
    if (underWayId !== undefined && busy === null) checkButton.current?.querySelector<HTMLElement>('[data-focus-next]')?.focus();
  }, [underWayId, busy]);

  if (view === 'report')
    return (
      <SessionReportView
        onBack={() => {
          setView('panel');
          setReturnTo('report');
        }}
      />
    );
  const listed = underWay !== null && exercises.some((exercise) => exercise.id === underWay.exerciseId);

  return (
    <Stack maw={980} gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{intl.formatMessage(words.title)}</Title>
          <Text c="dimmed">
            <FormattedMessage {...words.intro} values={{ trainee: profile?.name ?? '', b: (chunks) => <b>{chunks}</b> }} />
          </Text>
        </div>
        <Group gap="xs">
          <Button ref={addButton} variant="default" onClick={() => setAddingTrainee(true)} disabled={addingTrainee}>
            {intl.formatMessage(words.addTrainee)}
          </Button>
          <Button ref={reportButton} variant="default" onClick={() => setView('report')}>
            {intl.formatMessage(words.sessionReport)}
          </Button>
          <Button ref={freshDayButton} variant="default" onClick={() => setAskingFreshDay(true)}>
            {intl.formatMessage(words.freshDay)}
          </Button>
        </Group>
      </Group>

      {askingFreshDay && (
        <FreshDayDialog
          trainee={profile?.name ?? ''}
          onDone={(removed) => {
            setAskingFreshDay(false);
            setReturnTo('fresh-day');
            if (removed !== null) setFreshDay(removed);
          }}
        />
      )}
      {freshDay !== null && (
        <Alert color="green" title={intl.formatMessage(words.freshDayDone)} role="status" withCloseButton onClose={() => setFreshDay(null)}>
          {intl.formatMessage(words.freshDayRemoved, { count: freshDay })}
        </Alert>
      )}

      {addingTrainee && (
        <AddTraineeForm
          onDone={() => {
            setAddingTrainee(false);
            setReturnTo('add');
          }}
        />
      )}
      <ErrorNotice error={problem} />

      {busy === 'starting' && (
        <Alert ref={preparing} tabIndex={-1} color="blue" title={intl.formatMessage(words.preparing)} role="status">
          <Group gap="sm">
            <Loader size="sm" aria-label={intl.formatMessage(words.preparingShort)} />
            <Text size="sm">{intl.formatMessage(words.preparingText)}</Text>
          </Group>
        </Alert>
      )}
      {outcome?.kind === 'over' && (
        <div ref={result} tabIndex={-1}>
          <ExerciseOutcome attempt={outcome.attempt} />
        </div>
      )}
      {underWay && listed && (
        <div ref={checkButton}>
          <ExerciseUnderWay attempt={underWay} />
        </div>
      )}

      <Stack gap="sm" ref={list}>
        <Title order={3}>{intl.formatMessage(words.exercises)}</Title>
        <ExerciseList />
      </Stack>

      <ScenarioPanel />
    </Stack>
  );
}
