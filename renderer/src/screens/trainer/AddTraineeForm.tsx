import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { BusyButton } from '../../components/BusyButton';
import { useMainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';

/** A new trainee: a training profile of their own, put in use at once so the next exercises and the report are theirs. */
export function AddTraineeForm({ onDone }: { onDone: () => void }) {
  const refresh = useAppStore((state) => state.refresh);
  const [name, setName] = useState('');
  const { run, busy: saving, error } = useMainCall();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    return run(async (mainCall) => {
      await mainCall('training:add-trainee', { name });
      await refresh();
    }, onDone);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Add a trainee">
      <Group align="flex-start">
        <TextInput
          label="Trainee’s name"
          description="Each trainee works on a training profile of their own; their bookings and report stay apart."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error && `${error.message} ${error.hint}`}
          autoFocus
          w={380}
        />
        <BusyButton type="submit" mt={46} busy={saving}>
          Add and switch
        </BusyButton>
        <Button variant="subtle" mt={46} onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
