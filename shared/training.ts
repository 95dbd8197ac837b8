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
  /** Its title and what the agent will see while it is on: scenarioWords (shared/training-words.ts), worded by the screen. */
  id: scenarioIdSchema,
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

/**
 * A check's words as kept with a try and sent to the screens, which word them in their language
 * (shared/training-words.ts, sayCheck): a message of `checkWords` by id with its values, or (a try recorded before) its text.
 */
export const checkSaidSchema = z.union([
  z.string(),
  z.object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() }),
]);
export type CheckSaid = z.infer<typeof checkSaidSchema>;

/** One try at an exercise: when, how long, and what went wrong (nothing, when passed). */
export const attemptSchema = z.object({
  id: z.number().int(),
  /** Its title: exerciseWords (shared/training-words.ts), worded by the screen or the report. */
  exerciseId: exerciseIdSchema,
  startedAt: z.string(),
  /** Null while the trainee is still on it. */
  finishedAt: z.string().nullable(),
  passed: z.boolean().nullable(),
  /** What went wrong, in English (what main's logs and the tests read). */
  problems: z.array(z.string()),
  /** The same, for a screen or a report to word in its own language (sayCheck). */
  problemsSaid: z.array(checkSaidSchema),
  seconds: z.number().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const exerciseViewSchema = z.object({
  /** Its title and its task, as the trainee is given it: exerciseWords (shared/training-words.ts), worded by the screen. */
  id: exerciseIdSchema,
  /** The scenarios it turns on (their titles: scenarioWords). */
  scenarios: z.array(scenarioIdSchema),
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
