import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, Group, TextInput } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { BusyButton } from '../../components/BusyButton';
import { useMainCall } from '../../hooks/use-main-call';
import { useAppStore } from '../../stores/app-store';

const words = defineMessages({
  form: { id: 'trainer.addTrainee.form', defaultMessage: 'Add a trainee' },
  name: { id: 'trainer.addTrainee.name', defaultMessage: 'Trainee’s name' },
  nameDescription: {
    id: 'trainer.addTrainee.name.description',
    defaultMessage: 'Each trainee works on a training profile of their own; their bookings and report stay apart.',
  },
  problem: { id: 'trainer.addTrainee.problem', defaultMessage: '{message} {hint}' },
  add: { id: 'trainer.addTrainee.add', defaultMessage: 'Add and switch' },
  cancel: { id: 'trainer.addTrainee.cancel', defaultMessage: 'Cancel' },
});

/** A new trainee: a training profile of their own, put in use at once so the next exercises and the report are theirs. */
export function AddTraineeForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
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
    <form onSubmit={(event) => void submit(event)} aria-label={intl.formatMessage(words.form)}>
      <Group align="flex-start">
        <TextInput
          label={intl.formatMessage(words.name)}
          description={intl.formatMessage(words.nameDescription)}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error && intl.formatMessage(words.problem, { message: error.message, hint: error.hint })}
          autoFocus
          w={380}
        />
        <BusyButton type="submit" mt={46} busy={saving}>
          {intl.formatMessage(words.add)}
        </BusyButton>
        <Button variant="subtle" mt={46} onClick={onDone}>
          {intl.formatMessage(words.cancel)}
        </Button>
      </Group>
    </form>
  );
}
