import { useIntl } from 'react-intl';
import { Modal, Stack, Text } from '@mantine/core';
import { defineMessages } from '../../../../shared/i18n/messages';
import { roleAtLeast } from '../../../../shared/people';
import { shortcutKey } from '../../components/use-shortcuts';
import { usePeople, useWorkingAgent } from '../../stores/people-store';
import { PinForm } from './PinForm';

const words = defineMessages({
  title: { id: 'people.approval.title', defaultMessage: 'A supervisor’s approval' },
  noApproval: { id: 'people.approval.noApproval', defaultMessage: 'No approval' },
  explained: {
    id: 'people.approval.explanation',
    defaultMessage:
      'The approver types their PIN; the approval names both of you and is used for this one step, within two minutes. {key} leaves it undone.',
  },
  explainedAsked: {
    id: 'people.approval.explanation.asked',
    defaultMessage:
      '{name} asks. The approver types their PIN; the approval names both of you and is used for this one step, within two minutes. {key} leaves it undone.',
  },
  approvedBy: { id: 'people.approval.approvedBy', defaultMessage: 'Approved by' },
  approve: { id: 'people.approval.approve', defaultMessage: 'Approve' },
});

/**
 * A supervisor's approval in the moment, over the screen that asked for it: main refused the call
 * until a supervisor or an administrator types their PIN here; approved, the call is made again,
 * and main checks the approval before anything is sent. Escape leaves it undone.
 */
export function ApprovalDialog() {
  const intl = useIntl();
  const { agents, request, approve, dismiss } = usePeople();
  const working = useWorkingAgent();
  const approvers = agents.filter((agent) => roleAtLeast(agent.role, 'supervisor'));
  const opened = request?.kind === 'approval';
  // The agent at the counter when they may approve (their PIN again), or the one supervisor there is.
  const offered =
    working && roleAtLeast(working.role, 'supervisor') ? working.id : approvers.length === 1 ? (approvers[0]?.id ?? null) : null;
  const key = shortcutKey('close-approval', intl);

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={intl.formatMessage(words.title)}
      centered
      size="md"
      // Over the dialog that asked for it (a cancellation), whose call waits for this one.
      zIndex={400}
      closeButtonProps={{ 'aria-label': intl.formatMessage(words.noApproval) }}
    >
      {opened && (
        <Stack gap="md">
          <Text size="sm">{request.message}</Text>
          <Text size="sm" c="dimmed">
            {working ? intl.formatMessage(words.explainedAsked, { name: working.name, key }) : intl.formatMessage(words.explained, { key })}
          </Text>
          <PinForm
            agents={approvers}
            offered={offered}
            nameLabel={intl.formatMessage(words.approvedBy)}
            submitLabel={intl.formatMessage(words.approve)}
            onSubmit={approve}
            onBack={dismiss}
            backLabel={intl.formatMessage(words.noApproval)}
          />
        </Stack>
      )}
    </Modal>
  );
}
