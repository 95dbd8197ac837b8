import { z } from 'zod';

/** An error as the renderer sees it: a stable code, what happened, and what to do next. */
export const appErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  hint: z.string(),
  /** The request fields a refusal names, in the service's own paths (`items[0].paxes`), so a form can mark them. */
  fields: z.array(z.string()).optional(),
});
export type AppErrorShape = z.infer<typeof appErrorSchema>;

/** What every IPC call resolves to; errors travel as data because Error objects lose their fields in structured cloning. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };
