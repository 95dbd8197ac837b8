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

/** The exercises a trainee can be given, from the first booking to the hard days. */
export const exerciseIdSchema = z.enum([
  'first-booking',
  'three-d-secure',
  'card-declined',
  'supplier-refuses',
  'answer-lost',
  'price-rises',
  'cancel-on-request',
  'later-date',
]);
export type ExerciseId = z.infer<typeof exerciseIdSchema>;

/** One try at an exercise: when, how long, and what went wrong (nothing, when passed). */
export const attemptSchema = z.object({
  id: z.number().int(),
  exerciseId: exerciseIdSchema,
  title: z.string(),
  startedAt: z.string(),
  /** Null while the trainee is still on it. */
  finishedAt: z.string().nullable(),
  passed: z.boolean().nullable(),
  problems: z.array(z.string()),
  seconds: z.number().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const exerciseViewSchema = z.object({
  id: exerciseIdSchema,
  title: z.string(),
  /** The task, as the trainee is given it. */
  task: z.string(),
  /** The scenarios it turns on, by title. */
  scenarios: z.array(z.string()),
  /** The latest try, if any. */
  last: attemptSchema.nullable(),
});
export type ExerciseView = z.infer<typeof exerciseViewSchema>;

/** A trainee's session: every try on this training profile, oldest first. */
export const sessionReportSchema = z.object({
  trainee: z.string(),
  attempts: z.array(attemptSchema),
  passed: z.number().int(),
  failed: z.number().int(),
  totalSeconds: z.number(),
});
export type SessionReport = z.infer<typeof sessionReportSchema>;
