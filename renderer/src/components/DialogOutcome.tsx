import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';

/** The last step of a dialog: what happened, in words, and Done (focused: the form it replaces had the focus). */
export function DialogOutcome({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <Stack>
      <Text role="status">{children}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} ref={done}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
