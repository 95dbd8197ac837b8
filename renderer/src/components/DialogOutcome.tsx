import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Group, Stack, Text } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';

const words = defineMessages({
  done: { id: 'component.dialogOutcome.done', defaultMessage: 'Done' },
});

/** The last step of a dialog: what happened, in words, and Done (focused: the form it replaces had the focus). */
export function DialogOutcome({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const done = useRef<HTMLButtonElement>(null);
  // After the dialog's focus trap has dealt with the form that vanished (it may move the focus to its frame).
  useEffect(() => {
    const frame = requestAnimationFrame(() => done.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Stack>
      <Text role="status">{children}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} ref={done}>
          <FormattedMessage {...words.done} />
        </Button>
      </Group>
    </Stack>
  );
}
