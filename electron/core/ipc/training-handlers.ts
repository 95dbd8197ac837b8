import { AppError } from '../app-error';
import type { ProfileRecord } from '../profiles';
import type { Trainer } from '../training/trainer';
import type { AreaHandlers } from './handlers';

export interface TrainingIpcDeps {
  trainer: Trainer;
  activeProfile: () => ProfileRecord;
}

/** The trainer panel's channels: answered only while a training profile is in use, so nothing of it reaches a live counter. */
export function trainingIpc({
  trainer,
  activeProfile,
}: TrainingIpcDeps): AreaHandlers<'training:scenarios' | 'training:set-scenario' | 'training:all-normal'> {
  const onlyInTraining = () => {
    if (activeProfile().kind !== 'training')
      throw new AppError(
        'training_only',
        'The trainer panel works only on a training profile; this profile books for real.',
        'Switch to a training profile to rehearse.',
      );
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
  };
}
