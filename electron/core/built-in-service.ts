import type { ServiceRecords } from './training/exercise-runner';
import type { ServiceControls } from './training/trainer';

/** The built-in training service, once it is listening: its address and its organization's keys. */
export interface BuiltInService {
  url: string;
  /** The first training organization's keys (the Training profile's). */
  testKey: string;
  liveKey: string;
  /** Each training profile's own organization, so trainees' bookings stay apart; without it every profile uses the first. */
  keysFor?: (profileId: number) => { testKey: string; liveKey: string };
  /** Its fault and delay controls, for the trainer panel. */
  controls?: ServiceControls;
  /** Its records of the training organization, for checking the trainer's exercises. */
  records?: ServiceRecords;
}
