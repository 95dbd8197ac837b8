import type { DatabaseSync } from 'node:sqlite';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Attempt, CheckSaid, ExerciseId, ExerciseView, SessionReport } from '../../../shared/training';
import { checkSaidSchema } from '../../../shared/training';
import { checkWords, sayCheck } from '../../../shared/training-words';
import { AppError } from '../app-error';
import { englishText } from '../i18n/main-words';
import type { BookingEngine } from '../engine/booking-engine';
import type { Ledger } from '../ledger/ledger';
import type { PaymentPipeline } from '../engine/payments/payment-pipeline';
import type { ProfileRecord } from '../profiles';
import { EXERCISES } from './exercises';
import type { CheckResult, Exercise, ExerciseFacts, ServiceBooking } from './exercises';
import { prepareBooking } from './prepared-bookings';
import type { Trainer } from './trainer';

const words = defineMessages({
  unknownExercise: { id: 'error.training.unknownExercise.message', defaultMessage: 'There is no exercise "{id}".' },
  unknownExerciseHint: { id: 'error.training.unknownExercise.hint', defaultMessage: 'Pick one from the list.' },
  unavailable: { id: 'error.training.unavailable.message', defaultMessage: 'The built-in training service is not running.' },
  unavailableHint: { id: 'error.training.unavailable.hint', defaultMessage: 'Restart Packdesk; if it happens again, check the log.' },
  noExercise: { id: 'error.training.noExercise.message', defaultMessage: 'No exercise is under way on this profile.' },
  noExerciseHint: { id: 'error.training.noExercise.hint', defaultMessage: 'Start one from the list of exercises.' },
  freshDayOnly: { id: 'error.training.freshDayOnly.message', defaultMessage: 'Only a training profile can start a fresh day.' },
  freshDayOnlyHint: { id: 'error.training.freshDayOnly.hint', defaultMessage: 'Switch to a training profile first.' },
});

/** The built-in service's records of a training profile's organization, for checking exercises and starting a fresh day. */
export interface ServiceRecords {
  /** Bookings made or changed since a moment. */
  bookingsSince(profileId: number, sinceIso: string): ServiceBooking[];
  booking(profileId: number, serviceBookingId: number, sinceIso: string): ServiceBooking | null;
  /** Forgets every booking of the profile's organization; returns how many. */
  forget(profileId: number): number;
}

export interface ExerciseRunnerDeps {
  settingsDb: DatabaseSync;
  trainer: Trainer;
  records: () => ServiceRecords | null;
  ledger: Ledger;
  engine: BookingEngine;
  payments: PaymentPipeline;
  now?: () => number;
}

type AttemptRow = {
  id: number;
  exercise_id: ExerciseId;
  started_at: string;
  finished_at: string | null;
  passed: number | null;
  problems: string;
  prepared_booking_id: number | null;
  prepared_check_in: string | null;
  prepared_check_out: string | null;
};

const exerciseOf = (id: ExerciseId): Exercise => {
  const exercise = EXERCISES.find((candidate) => candidate.id === id);
  if (!exercise)
    throw new AppError('unknown_exercise', { message: words.unknownExercise, values: { id } }, { message: words.unknownExerciseHint });
  return exercise;
};

/** A check's words in English: what the attempt's `problems` keep for main's logs and the tests; the screens word `problemsSaid`. */
const english = (said: CheckSaid): string => sayCheck((message, values) => englishText({ message, values }), said);

/** A try's problems as kept: catalog messages by id, or the English of a try recorded before they were (as it came). */
const problemsOf = (row: AttemptRow): CheckSaid[] => {
  const parsed = checkSaidSchema.array().safeParse(JSON.parse(row.problems));
  return parsed.success ? parsed.data : [];
};

const toAttempt = (row: AttemptRow): Attempt => ({
  id: row.id,
  exerciseId: exerciseOf(row.exercise_id).id,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  passed: row.passed === null ? null : row.passed === 1,
  problems: problemsOf(row).map(english),
  problemsSaid: problemsOf(row),
  seconds: row.finished_at === null ? null : Math.round((Date.parse(row.finished_at) - Date.parse(row.started_at)) / 1000),
});

const sameName = (left: string, right: string) => left.trim().toLowerCase() === right.trim().toLowerCase();

/**
 * Gives a trainee an exercise (its scenario on, a booking prepared where the task needs one), and
 * checks it from the built-in service's records and the counter's ledger, never from the screens.
 */
export function createExerciseRunner(deps: ExerciseRunnerDeps) {
  const now = deps.now ?? Date.now;
  const db = deps.settingsDb;
  const isoNow = () => new Date(now()).toISOString();

  const records = (): ServiceRecords => {
    const found = deps.records();
    if (!found) throw new AppError('training_unavailable', { message: words.unavailable }, { message: words.unavailableHint });
    return found;
  };
  const openAttempt = (profileId: number) =>
    db.prepare('SELECT * FROM training_attempts WHERE profile_id = ? AND finished_at IS NULL ORDER BY id DESC LIMIT 1').get(profileId) as
      AttemptRow | undefined;
  const attemptRow = (id: number) => db.prepare('SELECT * FROM training_attempts WHERE id = ?').get(id) as AttemptRow;

  function finish(id: number, passed: boolean, problems: CheckSaid[]): Attempt {
    db.prepare('UPDATE training_attempts SET finished_at = ?, passed = ?, problems = ? WHERE id = ?').run(
      isoNow(),
      passed ? 1 : 0,
      JSON.stringify(problems),
      id,
    );
    return toAttempt(attemptRow(id));
  }

  function factsFor(profile: ProfileRecord, exercise: Exercise, row: AttemptRow): ExerciseFacts {
    const service = records();
    const name = `${exercise.traveler.name} ${exercise.traveler.surname}`;
    const since = service.bookingsSince(profile.id, row.started_at).filter((booking) => booking.id !== row.prepared_booking_id);
    const made = since.filter((booking) => sameName(booking.holder, name));
    const prepared = row.prepared_booking_id === null ? null : service.booking(profile.id, row.prepared_booking_id, row.started_at);
    return {
      made,
      prepared:
        prepared && row.prepared_check_in && row.prepared_check_out
          ? { now: prepared, checkIn: row.prepared_check_in, checkOut: row.prepared_check_out }
          : null,
      others: since.filter((booking) => !sameName(booking.holder, name)),
      ledger: made.flatMap((booking) => deps.ledger.findByServiceId(profile.id, booking.id) ?? []),
    };
  }

  return {
    exercises(profileId: number): ExerciseView[] {
      return EXERCISES.map((exercise) => {
        const last = db
          .prepare('SELECT * FROM training_attempts WHERE profile_id = ? AND exercise_id = ? ORDER BY id DESC LIMIT 1')
          .get(profileId, exercise.id) as AttemptRow | undefined;
        return {
          id: exercise.id,
          scenarios: [...exercise.scenarios],
          last: last ? toAttempt(last) : null,
        };
      });
    },

    /** The exercise the trainee is on, if any. */
    underWay(profileId: number): Attempt | null {
      const row = openAttempt(profileId);
      return row ? toAttempt(row) : null;
    },

    /** Starts an exercise: one left open is ended as not done; the service back to normal, the booking prepared, then its scenarios on. */
    async start(profile: ProfileRecord, exerciseId: ExerciseId): Promise<Attempt> {
      const exercise = exerciseOf(exerciseId);
      const open = openAttempt(profile.id);
      if (open) finish(open.id, false, [{ id: checkWords.leftUnfinished.id }]);
      deps.trainer.allNormal();
      const prepared = exercise.prepare
        ? await prepareBooking({ engine: deps.engine, payments: deps.payments, ledger: deps.ledger }, exercise, exercise.prepare)
        : null;
      for (const scenario of exercise.scenarios) deps.trainer.set(scenario, true);
      const id = Number(
        db
          .prepare(
            'INSERT INTO training_attempts (profile_id, exercise_id, started_at, prepared_booking_id, prepared_check_in, prepared_check_out) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(profile.id, exerciseId, isoNow(), prepared?.serviceBookingId ?? null, prepared?.checkIn ?? null, prepared?.checkOut ?? null)
          .lastInsertRowid,
      );
      return toAttempt(attemptRow(id));
    },

    /** Checks the exercise under way: passed or failed (it ends, the service back to normal), or not over yet (it stays open). */
    check(profile: ProfileRecord): { attempt: Attempt; unfinished: string | null; unfinishedSaid: CheckSaid | null } {
      const row = openAttempt(profile.id);
      if (!row) throw new AppError('no_exercise', { message: words.noExercise }, { message: words.noExerciseHint });
      const exercise = exerciseOf(row.exercise_id);
      const result: CheckResult = exercise.check(factsFor(profile, exercise, row));
      if (result.unfinished && result.problems.length === 0)
        return { attempt: toAttempt(row), unfinished: english(result.unfinished), unfinishedSaid: result.unfinished };
      const attempt = finish(row.id, result.problems.length === 0, result.problems);
      deps.trainer.allNormal();
      return { attempt, unfinished: null, unfinishedSaid: null };
    },

    /**
     * "Start a fresh training day": the profile's bookings in the ledger and at the built-in service, its exercises and
     * report, gone; the service back to normal. Never another profile's, and never on a profile that books for real.
     */
    freshDay(profile: ProfileRecord): { bookings: number } {
      if (profile.kind !== 'training' || !profile.builtIn)
        throw new AppError('training_only', { message: words.freshDayOnly }, { message: words.freshDayOnlyHint });
      const service = records();
      const bookings = deps.ledger.forgetProfile(profile.id);
      service.forget(profile.id);
      db.prepare('DELETE FROM training_attempts WHERE profile_id = ?').run(profile.id);
      deps.trainer.allNormal();
      return { bookings };
    },

    report(profile: ProfileRecord): SessionReport {
      const attempts = (db.prepare('SELECT * FROM training_attempts WHERE profile_id = ? ORDER BY id').all(profile.id) as AttemptRow[]).map(
        toAttempt,
      );
      return {
        trainee: profile.name,
        attempts,
        passed: attempts.filter((attempt) => attempt.passed === true).length,
        failed: attempts.filter((attempt) => attempt.passed === false).length,
        totalSeconds: attempts.reduce((sum, attempt) => sum + (attempt.seconds ?? 0), 0),
      };
    },
  };
}

export type ExerciseRunner = ReturnType<typeof createExerciseRunner>;
