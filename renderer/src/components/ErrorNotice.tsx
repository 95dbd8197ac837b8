import { useIntl } from 'react-intl';
import { Alert, Stack, Text } from '@mantine/core';
import { errorTitle } from '../../../shared/error-codes';
import { defineMessages } from '../../../shared/i18n/messages';

const words = defineMessages({
  dismiss: { id: 'component.errorNotice.dismiss', defaultMessage: 'Dismiss this message' },
});

/** How every error is shown: its kind in a word or two, what happened in bold, then what to do next. */
export function ErrorNotice({ error, onClose }: { error: { code?: string; message: string; hint: string } | null; onClose?: () => void }) {
  const intl = useIntl();
  if (!error) return null;
  const title = error.code ? errorTitle(error.code) : null;
  return (
    <Alert
      color="red"
      variant="light"
      title={error.message}
      role="alert"
      withCloseButton={Boolean(onClose)}
      closeButtonLabel={intl.formatMessage(words.dismiss)}
      onClose={onClose}
      data-code={error.code}
    >
      <Stack gap={4}>
        <Text size="sm">{error.hint}</Text>
        {title && (
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {intl.formatMessage(title)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
