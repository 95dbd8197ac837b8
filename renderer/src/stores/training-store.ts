import { create } from 'zustand';
import type { Attempt, CheckSaid, ExerciseId, ExerciseView, SessionReport } from '../../../shared/training';
import { call, describeError } from '../bridge';

type Problem = ReturnType<typeof describeError>;

/** How the last check came out: over (passed or not), or not over yet and why (worded by the screen: sayCheck). */
export type CheckOutcome = { kind: 'over'; attempt: Attempt } | { kind: 'not-over'; reason: CheckSaid };

interface TrainingState {
  exercises: ExerciseView[];
  /** The exercise the trainee is on, shown on every screen until it is checked. */
  underWay: Attempt | null;
  outcome: CheckOutcome | null;
  report: SessionReport | null;
  problem: Problem | null;
  /** What is running: starting an exercise prepares a booking, which takes a few seconds. */
  busy: 'starting' | 'checking' | null;
  load(): Promise<void>;
  start(id: ExerciseId): Promise<void>;
  check(): Promise<void>;
  loadReport(): Promise<void>;
  /** Forgets everything of the profile left (another profile was put in use). */
  clear(): void;
}

export const useTraining = create<TrainingState>((set, get) => {
  const attempt = async (busy: 'starting' | 'checking', work: () => Promise<void>): Promise<void> => {
    set({ busy, problem: null });
    try {
      await work();
    } catch (error) {
      set({ problem: describeError(error) });
    } finally {
      set({ busy: null });
    }
  };
  return {
    exercises: [],
    underWay: null,
    outcome: null,
    report: null,
    problem: null,
    busy: null,
    load: async () => {
      try {
        const answer = await call('training:exercises', {});
        set({ exercises: answer.exercises, underWay: answer.underWay });
      } catch (error) {
        set({ problem: describeError(error) });
      }
    },
    start: (id) =>
      attempt('starting', async () => {
        const { attempt: started } = await call('training:start-exercise', { id });
        set({ underWay: started, outcome: null });
        await get().load();
      }),
    check: () =>
      attempt('checking', async () => {
        const answer = await call('training:check-exercise', {});
        if (answer.unfinished !== null) {
          set({ outcome: { kind: 'not-over', reason: answer.unfinishedSaid ?? answer.unfinished } });
          return;
        }
        set({ outcome: { kind: 'over', attempt: answer.attempt }, underWay: null });
        await get().load();
      }),
    loadReport: async () => {
      try {
        set({ report: await call('training:report', {}) });
      } catch (error) {
        set({ problem: describeError(error) });
      }
    },
    clear: () => set({ exercises: [], underWay: null, outcome: null, report: null, problem: null, busy: null }),
  };
});
