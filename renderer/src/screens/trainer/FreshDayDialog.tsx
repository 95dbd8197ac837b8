import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { BusyButton } from '../../components/BusyButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import { useBookings } from '../../stores/bookings-store';
import { useNewBooking } from '../../stores/new-booking-store';
import { useTraining } from '../../stores/training-store';

const words = defineMessages({
  title: { id: 'trainer.freshDay.title', defaultMessage: 'Start a fresh training day?' },
  text: {
    id: 'trainer.freshDay.text',
    defaultMessage:
      'Every booking made on <b>{trainee}</b>, here and at the built-in training service, and this trainee’s exercises and session report are removed. Other profiles keep theirs. Save the session report as a PDF first to keep it.',
  },
  keep: { id: 'trainer.freshDay.keep', defaultMessage: 'Keep everything' },
  start: { id: 'trainer.freshDay.start', defaultMessage: 'Start a fresh day' },
});

/** "Start a fresh training day": asked first, then this trainee's bookings, exercises and report are gone; nobody else's. */
export function FreshDayDialog({ trainee, onDone }: { trainee: string; onDone: (removed: number | null) => void }) {
  const intl = useIntl();
  const { run, busy: working, error: problem } = useMainCall();

  const start = () =>
    run(async (mainCall) => {
      const { bookings } = await mainCall('training:fresh-day', {});
      useNewBooking.getState().reset();
      await Promise.all([useBookings.getState().reload(), useTraining.getState().load()]);
      return bookings;
    }, onDone);

  return (
    <Modal opened onClose={() => onDone(null)} title={intl.formatMessage(words.title)} centered>
      <Stack gap="md">
        <Text>
          <FormattedMessage {...words.text} values={{ trainee, b: (chunks) => <b>{chunks}</b> }} />
        </Text>
        <ErrorNotice error={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {intl.formatMessage(words.keep)}
          </Button>
          <BusyButton color="red" busy={working} onClick={() => void start()} data-autofocus>
            {intl.formatMessage(words.start)}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
