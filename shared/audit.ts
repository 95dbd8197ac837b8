import { defineMessages, issue } from './i18n/messages';
import { z } from 'zod';
import { auditWordsSchema } from './audit-words';

const words = defineMessages({
  dayFormat: { id: 'validation.audit.dayFormat', defaultMessage: 'Enter the day as YYYY-MM-DD.' },
  dayNotOnCalendar: { id: 'validation.audit.dayNotOnCalendar', defaultMessage: 'That day is not on the calendar.' },
});

/** Every settings action the audit records, once. A new action is a new name here. */
export const auditActionSchema = z.enum([
  'profile.create',
  'profile.update',
  'profile.delete',
  'profile.activate',
  'profile.status-rules',
  'key.set',
  'key.delete',
  'agency.connect',
  'agency.disconnect',
  'agency.minimum-version',
  'backup.take',
  'restore.stage',
  'restore.cancel',
  'restore.check-write',
  'restore.discard-write',
  'agent.add',
  'agent.sign-in',
  'agent.sign-out',
  'agent.unlock',
  'agent.reset-pin',
  'agent.set-role',
  'agent.lock',
  'counter.idle-lock',
  'approval.give',
  'profile.change-approval',
  'audit.export',
  'updates.configure',
  'updates.install-now',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** Whether the action was done, or refused (a refusal is recorded where refusing is the point). */
export const auditOutcomeSchema = z.enum(['done', 'refused']);
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

/** A person at the counter, as the audit names them; null until people sign in. */
export const auditPersonSchema = z.object({ agentId: z.number().int().positive(), name: z.string() }).strict();
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditEntrySchema = z.object({
  sequence: z.number().int().positive(),
  /** When it was recorded (ISO instant). */
  at: z.string(),
  /** The counter it was done at. */
  counter: z.string(),
  who: auditPersonSchema.nullable(),
  approver: auditPersonSchema.nullable(),
  action: auditActionSchema,
  outcome: auditOutcomeSchema,
  /** What was done, in a few words, in English as it was chained; never a secret. */
  what: z.string(),
  /** The same in words each reader sees in their own language; null on entries from before they were kept. */
  words: auditWordsSchema.nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The chain's check: ok, or the first entry that is missing, altered or out of its place, in words. */
export const auditVerdictSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), entries: z.number().int().nonnegative(), checkedAt: z.string() }),
  z.object({
    ok: z.literal(false),
    entries: z.number().int().nonnegative(),
    checkedAt: z.string(),
    problem: z.enum(['missing', 'altered', 'reordered', 'truncated']),
    /** The sequence number of the first broken entry. */
    sequence: z.number().int().positive(),
    message: z.string(),
  }),
]);
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

/** A day as the counter's calendar shows it, YYYY-MM-DD. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, issue(words.dayFormat))
  .refine((day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const at = new Date(Date.UTC(year, month - 1, date));
    return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
  }, issue(words.dayNotOnCalendar));

/**
 * Which entries to show or export: by an agent (who did it or approved it; by id, or by name for an
 * agent this counter no longer knows), by action, and by day in the counter's own time.
 */
export const auditFilterSchema = z
  .object({
    agentId: z.number().int().positive().optional(),
    agentName: z.string().trim().min(1).max(60).optional(),
    action: auditActionSchema.optional(),
    day: daySchema.optional(),
  })
  .strict();
export type AuditFilter = z.infer<typeof auditFilterSchema>;
