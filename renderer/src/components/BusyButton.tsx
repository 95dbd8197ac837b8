import { Button, Loader } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef, MouseEvent } from 'react';

type BusyButtonProps = ButtonProps & Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & { busy: boolean };

/**
 * A button whose call is running: it shows a spinner and ignores presses, but keeps the focus. A disabled
 * button drops the focus to the page's body, where the agent's next key goes nowhere, for as long as the
 * service takes (seconds when it is busy). A press on it, or Enter in its form's fields, does nothing.
 */
export function BusyButton({ busy, disabled, leftSection, onClick, ...props }: BusyButtonProps) {
  const ignoreWhileBusy = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      // Also stops the form's submission, which Enter in a field starts by a click on this button.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Button
      {...props}
      disabled={disabled && !busy}
      data-disabled={busy || undefined}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden /> : leftSection}
      onClick={ignoreWhileBusy}
    />
  );
}
