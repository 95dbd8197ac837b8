import { Component } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';

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
    return (
      <Alert color="red" title="This screen could not be shown." role="alert" maw={640}>
        <Stack gap="sm">
          Bookings and settings are safe. Open the screen again; if it keeps happening, restart Packdesk.
          <Button w="fit-content" onClick={() => this.setState({ failed: false })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
