import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A @mantine/form `validate` answer from a shared zod schema, so a form says what the main process
 * would say and copies no message: `input` is the form's values as the schema takes them, and each
 * issue lands on the field its path names (a field's first issue is the one shown).
 */
export function schemaErrors(schema: z.ZodType, input: unknown): FormErrors {
  const parsed = schema.safeParse(input);
  const errors: FormErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
