import { Modal, Stack, Text } from '@mantine/core';
import { roleAtLeast } from '../../../../shared/people';
import { shortcutKey } from '../../components/use-shortcuts';
import { usePeople, useWorkingAgent } from '../../stores/people-store';
import { PinForm } from './PinForm';

/**
 * A supervisor's approval in the moment, over the screen that asked for it: main refused the call
 * until a supervisor or an administrator types their PIN here; approved, the call is made again,
 * and main checks the approval before anything is sent. Escape leaves it undone.
 */
export function ApprovalDialog() {
  const { agents, request, approve, dismiss } = usePeople();
  const working = useWorkingAgent();
  const approvers = agents.filter((agent) => roleAtLeast(agent.role, 'supervisor'));
  const opened = request?.kind === 'approval';
  // The agent at the counter when they may approve (their PIN again), or the one supervisor there is.
  const offered =
    working && roleAtLeast(working.role, 'supervisor') ? working.id : approvers.length === 1 ? (approvers[0]?.id ?? null) : null;

  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title="A supervisor’s approval"
      centered
      size="md"
      // Over the dialog that asked for it (a cancellation), whose call waits for this one.
      zIndex={400}
      closeButtonProps={{ 'aria-label': 'No approval' }}
    >
      {opened && (
        <Stack gap="md">
          <Text size="sm">{request.message}</Text>
          <Text size="sm" c="dimmed">
            {working ? `${working.name} asks. ` : ''}The approver types their PIN; the approval names both of you and is used for this one
            step, within two minutes. {shortcutKey('close-approval')} leaves it undone.
          </Text>
          <PinForm
            agents={approvers}
            offered={offered}
            nameLabel="Approved by"
            submitLabel="Approve"
            onSubmit={approve}
            onBack={dismiss}
            backLabel="No approval"
          />
        </Stack>
      )}
    </Modal>
  );
}
