import { Alert } from '@mantine/core';

/** How every error is shown: what happened, in bold, then what to do next. */
export function ErrorNotice({ error, onClose }: { error: { message: string; hint: string } | null; onClose?: () => void }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={error.message} role="alert" withCloseButton={Boolean(onClose)} onClose={onClose}>
      {error.hint}
    </Alert>
  );
}
