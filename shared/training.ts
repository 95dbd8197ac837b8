import { z } from 'zod';

/** The bad days a trainer can put the built-in service through. */
export const scenarioIdSchema = z.enum([
  'supplier-slow',
  'supplier-refuses',
  'service-down',
  'answers-lost',
  'busy',
  'tokens-expire',
  'card-declined',
  'authentication-fails',
  'price-rises',
]);
export type ScenarioId = z.infer<typeof scenarioIdSchema>;

/** One scenario as the trainer panel shows it. */
export const scenarioViewSchema = z.object({
  id: scenarioIdSchema,
  title: z.string(),
  /** What the agent will see while it is on, in the words of the counter. */
  agentSees: z.string(),
  on: z.boolean(),
  /** When it ends by itself (ISO), while on. */
  endsAt: z.string().nullable(),
});
export type ScenarioView = z.infer<typeof scenarioViewSchema>;
