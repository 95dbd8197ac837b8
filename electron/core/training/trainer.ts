import type { ScenarioId, ScenarioView } from '../../../shared/training';
import type { ControlSettings } from '../../../shared/training-controls';
import { SCENARIOS } from './scenarios';

/** The built-in service's controls, as the trainer needs them. */
export interface ServiceControls {
  update(changes: Partial<ControlSettings>): ControlSettings;
  /** Back to how the service started. */
  reset(): void;
}

export interface TrainerDeps {
  controls: () => ServiceControls | null;
  now?: () => number;
  /** Runs `end` after `ms` (a timer; a test's own clock in tests); returns how to cancel it. */
  schedule?: (end: () => void, ms: number) => () => void;
  /** Told whenever a scenario goes on or off, including when one ends by itself. */
  onChange?: (scenarios: ScenarioView[]) => void;
}

/**
 * Runs the trainer's scenarios on the built-in service: the service does what every scenario that is on
 * asks (later ones in the list win where two set the same control), and each ends by itself on time.
 */
export function createTrainer(deps: TrainerDeps) {
  const now = deps.now ?? Date.now;
  const schedule =
    deps.schedule ??
    ((end: () => void, ms: number) => {
      const timer = setTimeout(end, ms);
      timer.unref();
      return () => clearTimeout(timer);
    });
  const endsAt = new Map<ScenarioId, number>();
  let cancelEnd: (() => void) | null = null;

  const views = (): ScenarioView[] =>
    SCENARIOS.map((scenario) => {
      const end = endsAt.get(scenario.id);
      return {
        id: scenario.id,
        on: end !== undefined,
        endsAt: end === undefined ? null : new Date(end).toISOString(),
      };
    });

  function apply(): ScenarioView[] {
    const controls = deps.controls();
    if (controls) {
      controls.reset();
      const settings = SCENARIOS.filter((scenario) => endsAt.has(scenario.id)).map((scenario) => scenario.settings);
      controls.update(Object.assign({}, ...settings) as Partial<ControlSettings>);
    }
    planEnd();
    const scenarios = views();
    deps.onChange?.(scenarios);
    return scenarios;
  }

  /** One timer, for the scenario that ends first. */
  function planEnd(): void {
    cancelEnd?.();
    cancelEnd = null;
    if (endsAt.size === 0) return;
    const first = Math.min(...endsAt.values());
    cancelEnd = schedule(endDue, Math.max(first - now(), 0));
  }

  function endDue(): void {
    const at = now();
    for (const [id, end] of endsAt) if (end <= at) endsAt.delete(id);
    apply();
  }

  return {
    scenarios: views,
    set(id: ScenarioId, on: boolean): ScenarioView[] {
      const scenario = SCENARIOS.find((candidate) => candidate.id === id);
      if (!scenario) return views();
      if (on) endsAt.set(id, now() + scenario.lastsMs);
      else endsAt.delete(id);
      return apply();
    },
    /** "All back to normal": every scenario off, the service as it started. */
    allNormal(): ScenarioView[] {
      endsAt.clear();
      return apply();
    },
    stop(): void {
      cancelEnd?.();
      cancelEnd = null;
    },
  };
}

export type Trainer = ReturnType<typeof createTrainer>;
