import type { ScenarioId } from '../../../shared/training';
import type { ControlSettings } from '../../../shared/training-controls';

export interface Scenario {
  /** Its title and what the agent will see: scenarioWords (shared/training-words.ts). */
  id: ScenarioId;
  /** What the built-in service does while the scenario is on. */
  settings: Partial<ControlSettings>;
  /** How long it lasts once turned on, unless turned off sooner. */
  lastsMs: number;
}

const MINUTE = 60_000;

/** The trainer's bad days, in the order the panel lists them. Each ends by itself, so a forgotten one does not spoil the next lesson. */
export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'supplier-slow',
    settings: { supplierDelayMs: 2 * MINUTE },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'supplier-refuses',
    settings: { supplierOutcome: 'reject' },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'service-down',
    settings: { errorRate: 1 },
    lastsMs: 5 * MINUTE,
  },
  {
    id: 'answers-lost',
    // Payments and cancellations only: a hold whose answer is lost has no number to look it up by.
    settings: { dropAfterCommitRate: 1, lostAnswerPath: '/bookings/\\d+/(book|cancel)$' },
    lastsMs: 15 * MINUTE,
  },
  {
    id: 'busy',
    settings: { rateLimitRate: 0.5, retryAfterSeconds: 2 },
    lastsMs: 15 * MINUTE,
  },
  {
    id: 'tokens-expire',
    settings: { tokenLifetimeMs: MINUTE },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'card-declined',
    settings: { cardOutcome: 'decline' },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'authentication-fails',
    settings: { cardOutcome: 'authentication_fails' },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'price-rises',
    settings: { priceRisePercent: 10 },
    lastsMs: 30 * MINUTE,
  },
];
