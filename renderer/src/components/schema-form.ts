import type { FormErrors } from '@mantine/form';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { z } from 'zod';

/**
 * An issue's words in the active language: a shared schema's message is a catalog id (`issue(...)` in
 * shared/i18n/messages.ts), worded here; any other (zod's own, from a schema without one) is shown as it came.
 */
export function issueWords(intl: IntlShape, message: string): string {
  if (intl.messages[message] === undefined) return message;
  // Declared with its English where the schema is (so extracted there): here only its id, looked up in the catalog.
  const declared: MessageDescriptor = { id: message };
  return intl.formatMessage(declared);
}

/** The words of a parse's first issue (on `field` when given), or null when it found none. */
export function firstIssue<T>(parsed: z.ZodSafeParseResult<T>, intl: IntlShape, field?: string): string | null {
  if (parsed.success) return null;
  const found = field === undefined ? parsed.error.issues[0] : parsed.error.issues.find((issue) => issue.path[0] === field);
  return found ? issueWords(intl, found.message) : null;
}

/**
 * A @mantine/form `validate` answer from a shared zod schema, so a form says what the main process
 * would say and copies no message: `input` is the form's values as the schema takes them, and each
 * issue lands on the field its path names (a field's first issue is the one shown), in `intl`'s language.
 */
export function schemaErrors(schema: z.ZodType, input: unknown, intl: IntlShape): FormErrors {
  const parsed = schema.safeParse(input);
  const errors: FormErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issueWords(intl, issue.message);
  return errors;
}
