import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Text } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { useAppStore } from '../stores/app-store';

const words = defineMessages({
  title: { id: 'component.auditBroken.title', defaultMessage: 'The audit does not verify' },
  text: {
    id: 'component.auditBroken.text',
    defaultMessage:
      '{message} The counter keeps working and records new entries; tell a supervisor or an administrator, who sees the details in Settings → Audit.',
  },
});

/** Over every screen while the audit chain does not verify: which entry broke, and that the counter still works. */
export function AuditBrokenNotice() {
  const intl = useIntl();
  const audit = useAppStore((state) => state.audit);
  if (!audit || audit.ok) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      aria-label={intl.formatMessage(words.title)}
      mb="md"
      title={intl.formatMessage(words.title)}
    >
      <Text size="sm">
        <FormattedMessage {...words.text} values={{ message: audit.message }} />
      </Text>
    </Alert>
  );
}
