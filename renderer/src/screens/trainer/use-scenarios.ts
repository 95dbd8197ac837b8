import { useEffect, useState } from 'react';
import type { ScenarioId, ScenarioView } from '../../../../shared/training';
import { useMainCall, useMainEvent } from '../../hooks/use-main-call';

/** The trainer's scenarios as the main process has them, kept current when one ends by itself. */
export function useScenarios() {
  const [scenarios, setScenarios] = useState<ScenarioView[] | null>(null);
  const { run: load, error: loadProblem } = useMainCall();
  const { run: change, error: changeProblem, busy } = useMainCall();
  const show = (answer: { scenarios: ScenarioView[] }) => setScenarios(answer.scenarios);

  useEffect(() => {
    void load(
      (mainCall) => mainCall('training:scenarios', {}),
      (answer) => setScenarios(answer.scenarios),
    );
  }, [load]);
  useMainEvent('event:training-change', show);

  return {
    scenarios,
    problem: changeProblem ?? loadProblem,
    busy,
    toggle: (id: ScenarioId, on: boolean) => change((mainCall) => mainCall('training:set-scenario', { id, on }), show),
    allNormal: () => change((mainCall) => mainCall('training:all-normal', {}), show),
  };
}
