import type { z } from 'zod';
import { defineMessages } from '../../../shared/i18n/messages';
import type { Approvable, approvalSchema } from '../../../shared/people';
import { roleAtLeast } from '../../../shared/people';
import { AppError } from '../app-error';
import type { AgentDirectory } from './agents';

const words = defineMessages({
  agentCannotApprove: {
    id: 'error.approvals.agentCannotApprove.message',
    defaultMessage: '{name} is an agent and cannot approve this; it needs a supervisor or an administrator.',
  },
  agentCannotApproveHint: {
    id: 'error.approvals.agentCannotApprove.hint',
    defaultMessage: 'Ask a supervisor or an administrator to type their PIN.',
  },
});

type Approval = z.infer<typeof approvalSchema>;

/** An approval is for the call the agent is about to make, not for later. */
const APPROVAL_LIFETIME_MS = 2 * 60_000;

/**
 * Supervisors' approvals in the moment: given with the approver's PIN (wrong PINs count toward their
 * lock like at sign-in), each for one call on one booking or profile, used once, within two minutes.
 */
export function createApprovals(agents: AgentDirectory, now: () => Date = () => new Date()) {
  const pending = new Map<string, Approval>();
  const keyOf = (channel: string, target: number) => `${channel}#${target}`;
  // A step main started itself (File → Restore Ledger…) waiting for the approval the screens ask for: one at a time.
  let waiting: { key: string; settle: (approved: boolean) => void; timer: NodeJS.Timeout } | null = null;
  const stopWaiting = (approved: boolean) => {
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.settle(approved);
    waiting = null;
  };

  return {
    async approve(agentId: number, pin: string, channel: Approvable, target: number): Promise<Approval> {
      const approver = await agents.verify(agentId, pin);
      if (!roleAtLeast(approver.role, 'supervisor'))
        throw new AppError(
          'role_required',
          { message: words.agentCannotApprove, values: { name: approver.name } },
          { message: words.agentCannotApproveHint },
        );
      const approval = { approver, channel, target, expiresAt: new Date(now().getTime() + APPROVAL_LIFETIME_MS).toISOString() };
      pending.set(keyOf(channel, target), approval);
      if (waiting?.key === keyOf(channel, target)) stopWaiting(true);
      return approval;
    },

    /** What asks the screens, through `tell`, for an approval of a step main started itself, and waits for it (`waitFor`). */
    askingScreens(tell: (request: { channel: Approvable; target: number; message: string }) => void, channel: Approvable, target: number) {
      return (message: string): Promise<boolean> => {
        tell({ channel, target, message });
        return this.waitFor(channel, target);
      };
    },

    /**
     * Waits for an approval of this step to be given (true), for as long as one lasts; false when none
     * comes in that time or another step starts waiting. What the approval lets through is still checked,
     * and spent, where the step is done.
     */
    waitFor(channel: Approvable, target: number): Promise<boolean> {
      stopWaiting(false);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => stopWaiting(false), APPROVAL_LIFETIME_MS);
        timer.unref();
        waiting = { key: keyOf(channel, target), settle: resolve, timer };
      });
    },

    /** The approval of this call if one is still valid, left in place (to tell the agent before they start). */
    peek(channel: string, target: number): Approval | null {
      const approval = pending.get(keyOf(channel, target));
      return approval && Date.parse(approval.expiresAt) > now().getTime() ? approval : null;
    },

    /** The approval of this call, spent as it is taken; null when there is none still valid. */
    take(channel: string, target: number | null): Approval | null {
      if (target === null) return null;
      const key = keyOf(channel, target);
      const approval = pending.get(key);
      pending.delete(key);
      return approval && Date.parse(approval.expiresAt) > now().getTime() ? approval : null;
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
