import { ANOMALIES as ONE_COUNTER_ANOMALIES } from '../compare';

/**
 * Figures that must be 0 for the soak to pass: each is something wrong the soak found, or a fault it could
 * not show was on. The one-counter soak's, and what only an agency has.
 */
export const ANOMALIES = [
  ...ONE_COUNTER_ANOMALIES,
  'leasesNotReleased',
  'changesNotApplied',
  'counterCrashes',
  'faultSettingsNotTaken',
  'notDurable',
] as const;

export type AnomalyFigures = Record<(typeof ANOMALIES)[number], number>;

export interface Asked {
  kills: number;
  partitions: number;
  restarts: number;
}

/**
 * Why the soak failed, in words (empty: it passed): any anomaly, a flag asking an agent for an outcome
 * already shown, counters that never converged after the faults stopped, or fewer kills, partitions or
 * server restarts than were asked.
 */
export function verdict(
  figures: AnomalyFigures & { kills: number; partitions: number; serverRestarts: number; converged: number; attentionSeen: number },
  asked: Asked,
): string[] {
  const reasons = ANOMALIES.filter((name) => figures[name] !== 0).map((name) => `${name}: ${figures[name]}`);
  if (figures.attentionSeen > 0) reasons.push(`attentionSeen: ${figures.attentionSeen} flags ask the agent for an outcome already shown`);
  if (figures.converged !== 1) reasons.push('the counters did not converge after the faults stopped');
  if (figures.kills < asked.kills) reasons.push(`${figures.kills} kills landed, ${asked.kills} asked`);
  if (figures.partitions < asked.partitions) reasons.push(`${figures.partitions} partitions, ${asked.partitions} asked`);
  if (figures.serverRestarts < asked.restarts) reasons.push(`${figures.serverRestarts} server restarts, ${asked.restarts} asked`);
  return reasons;
}
