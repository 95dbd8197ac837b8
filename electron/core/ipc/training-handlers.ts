import { defineMessages } from '../../../shared/i18n/messages';
import { AppError } from '../app-error';
import { safeFileName } from '../file-names';
import type { EventHub } from '../events';
import type { PdfPrinter } from '../pdf-printer';
import type { ProfileRecord, ProfileService } from '../profiles';
import type { ExerciseRunner } from '../training/exercise-runner';
import type { Trainer } from '../training/trainer';
import { pdfUnavailable } from './file-refusals';
import type { AreaHandlers } from './handlers';

const words = defineMessages({
  trainingOnly: {
    id: 'error.training.panelOnly.message',
    defaultMessage: 'The trainer panel works only on a training profile; this profile books for real.',
  },
  trainingOnlyHint: { id: 'error.training.panelOnly.hint', defaultMessage: 'Switch to a training profile to rehearse.' },
});

export interface TrainingIpcDeps {
  trainer: Trainer;
  exercises: ExerciseRunner;
  profiles: ProfileService;
  events: EventHub;
  /** The same port that saves a voucher: the page on screen, as a PDF. */
  printer: PdfPrinter | undefined;
}

type TrainingChannel =
  | 'training:scenarios'
  | 'training:set-scenario'
  | 'training:all-normal'
  | 'training:exercises'
  | 'training:start-exercise'
  | 'training:check-exercise'
  | 'training:report'
  | 'training:save-report-pdf'
  | 'training:fresh-day'
  | 'training:add-trainee';

/** The trainer panel's channels: answered only while a training profile is in use, so nothing of it reaches a live counter. */
export function trainingIpc({ trainer, exercises, profiles, events, printer }: TrainingIpcDeps): AreaHandlers<TrainingChannel> {
  const onlyInTraining = (): ProfileRecord => {
    const profile = profiles.active();
    if (profile.kind !== 'training')
      throw new AppError('training_only', { message: words.trainingOnly }, { message: words.trainingOnlyHint });
    return profile;
  };
  return {
    'training:scenarios': async () => {
      onlyInTraining();
      return { scenarios: trainer.scenarios() };
    },
    'training:set-scenario': async ({ id, on }) => {
      onlyInTraining();
      return { scenarios: trainer.set(id, on) };
    },
    'training:all-normal': async () => {
      onlyInTraining();
      return { scenarios: trainer.allNormal() };
    },
    'training:exercises': async () => {
      const profile = onlyInTraining();
      return { exercises: exercises.exercises(profile.id), underWay: exercises.underWay(profile.id) };
    },
    'training:start-exercise': async ({ id }) => ({ attempt: await exercises.start(onlyInTraining(), id) }),
    'training:check-exercise': async () => exercises.check(onlyInTraining()),
    'training:report': async () => exercises.report(onlyInTraining()),
    'training:fresh-day': async () => exercises.freshDay(onlyInTraining()),
    'training:save-report-pdf': async () => {
      const profile = onlyInTraining();
      if (!printer) throw pdfUnavailable();
      const day = new Date().toISOString().slice(0, 10);
      const trainee = profile.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
      return { path: await printer.savePdf(safeFileName(`training-report-${trainee}-${day}.pdf`, `training-report-${day}.pdf`)) };
    },
    /** A new trainee gets a training profile of their own, in use at once, so the next exercises are theirs. */
    'training:add-trainee': async ({ name }) => {
      onlyInTraining();
      const trainee = await profiles.createTrainee(name);
      await profiles.activate(trainee.id);
      events.emit('event:profiles-change', { activeProfileId: trainee.id });
      return trainee;
    },
  };
}
