import { useCallback, useEffect, useState } from 'react';
import type { ScenarioId, ScenarioView } from '../../../../shared/training';
import { call, describeError } from '../../bridge';

type Problem = ReturnType<typeof describeError>;

/** The trainer's scenarios as the main process has them, kept current when one ends by itself. */
export function useScenarios() {
  const [scenarios, setScenarios] = useState<ScenarioView[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    call('training:scenarios', {}).then(
      (answer) => current && setScenarios(answer.scenarios),
      (error: unknown) => current && setProblem(describeError(error)),
    );
    const unsubscribe = window.packdesk.on('event:training-change', (payload) => setScenarios(payload.scenarios));
    return () => {
      current = false;
      unsubscribe();
    };
  }, []);

  const run = useCallback(async (work: () => Promise<{ scenarios: ScenarioView[] }>) => {
    setBusy(true);
    setProblem(null);
    try {
      setScenarios((await work()).scenarios);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    scenarios,
    problem,
    busy,
    toggle: (id: ScenarioId, on: boolean) => run(() => call('training:set-scenario', { id, on })),
    allNormal: () => run(() => call('training:all-normal', {})),
  };
}
