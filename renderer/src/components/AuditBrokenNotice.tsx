import { Alert, Text } from '@mantine/core';
import { useAppStore } from '../stores/app-store';

/** Over every screen while the audit chain does not verify: which entry broke, and that the counter still works. */
export function AuditBrokenNotice() {
  const audit = useAppStore((state) => state.audit);
  if (!audit || audit.ok) return null;
  return (
    <Alert color="red" variant="filled" role="alert" aria-label="The audit does not verify" mb="md" title="The audit does not verify">
      <Text size="sm">
        {audit.message} The counter keeps working and records new entries; tell a supervisor or an administrator, who sees the details in
        Settings → Audit.
      </Text>
    </Alert>
  );
}
