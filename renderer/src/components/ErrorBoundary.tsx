import { Component } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Button, Stack } from '@mantine/core';
import { defineMessages, PRODUCT_NAME } from '../../../shared/i18n/messages';

const words = defineMessages({
  title: { id: 'component.errorBoundary.title', defaultMessage: 'This screen could not be shown.' },
  text: {
    id: 'component.errorBoundary.text',
    defaultMessage: 'Bookings and settings are safe. Open the screen again; if it keeps happening, restart {product}.',
  },
  retry: { id: 'component.errorBoundary.retry', defaultMessage: 'Try again' },
});

/** What shows in place of a screen that failed to draw. */
function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Alert color="red" title={intl.formatMessage(words.title)} role="alert" maw={640}>
      <Stack gap="sm">
        <FormattedMessage {...words.text} values={{ product: PRODUCT_NAME }} />
        <Button w="fit-content" onClick={onRetry}>
          <FormattedMessage {...words.retry} />
        </Button>
      </Stack>
    </Alert>
  );
}

/** A screen that fails to draw shows what to do instead of a blank window; nothing saved is affected. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <ScreenFailed onRetry={() => this.setState({ failed: false })} />;
  }
}
