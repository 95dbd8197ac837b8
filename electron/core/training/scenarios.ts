import type { ScenarioId } from '../../../shared/training';
import type { ControlSettings } from '../../../shared/training-controls';

export interface Scenario {
  id: ScenarioId;
  title: string;
  agentSees: string;
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
    title: 'Supplier slow (confirms after 2 min)',
    agentSees:
      'After paying, the confirmation says “Payment authorized. Waiting for the supplier to confirm…”, the reference not confirmed yet, for two minutes before it is Paid.',
    settings: { supplierDelayMs: 2 * MINUTE },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'supplier-refuses',
    title: 'Supplier refuses the booking',
    agentSees: 'After paying, the confirmation turns red: “Not booked”, it did not go through, and there is no reference to give.',
    settings: { supplierOutcome: 'reject' },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'service-down',
    title: 'Service down for 5 min',
    agentSees:
      'Every search and price fails with “The booking service is temporarily unavailable.”, so nothing new is held. A payment sent meanwhile stays “Not confirmed yet: checking with the service” (Packdesk cannot know whether the card was charged) until the service is back after 5 minutes; then it says the payment did not go through and nothing was charged.',
    settings: { errorRate: 1 },
    lastsMs: 5 * MINUTE,
  },
  {
    id: 'answers-lost',
    title: 'Answers lost after the service acted',
    agentSees:
      'Paying and cancelling go through at the service but the answer never comes back: Packdesk asks the service what happened (“Not confirmed yet: checking with the service” meanwhile), shows the booking as the service has it, charged once, and notes that the answer was lost.',
    // Payments and cancellations only: a hold whose answer is lost has no number to look it up by.
    settings: { dropAfterCommitRate: 1, lostAnswerPath: '/bookings/\\d+/(book|cancel)$' },
    lastsMs: 15 * MINUTE,
  },
  {
    id: 'busy',
    title: 'Busy: 429s with Retry-After',
    agentSees:
      'About half the calls are refused as too many; Packdesk waits as the service asks and tries again, so answers come a few seconds later, without an error.',
    settings: { rateLimitRate: 0.5, retryAfterSeconds: 2 },
    lastsMs: 15 * MINUTE,
  },
  {
    id: 'tokens-expire',
    title: 'Prebook tokens expire after 60 s',
    agentSees: 'The hold’s clock on Review starts at one minute; once it runs out, Packdesk prices the stay again before holding it.',
    settings: { tokenLifetimeMs: MINUTE },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'card-declined',
    title: 'Card declined',
    agentSees:
      'Every card is declined: “The bank declined the card without giving a reason.” The booking stays held and nothing is charged.',
    settings: { cardOutcome: 'decline' },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'authentication-fails',
    title: '3-D Secure: cardholder fails',
    agentSees:
      'Every card asks for 3-D Secure, and the bank’s check fails even when the cardholder approves: “The bank check did not pass”; held, nothing charged.',
    settings: { cardOutcome: 'authentication_fails' },
    lastsMs: 30 * MINUTE,
  },
  {
    id: 'price-rises',
    title: 'Price rises between price and hold',
    agentSees:
      'A stay priced before costs 10% more: at Continue to review Packdesk says the price changed, shows the new price beside the old and holds nothing; Enter holds at the new price.',
    settings: { priceRisePercent: 10 },
    lastsMs: 30 * MINUTE,
  },
];
