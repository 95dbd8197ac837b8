import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';

/** The last step of a dialog: what happened, in words, and Done. */
export function DialogOutcome({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <Stack>
      <Text role="status">{children}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
