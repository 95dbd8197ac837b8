import { basename } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { AuditPerson } from '../../../shared/audit';
import type { AgentView } from '../../../shared/people';
import { AppError } from '../app-error';
import { recordAction, refusalEntry } from '../audit/audited-handlers';
import { auditLines, auditWordsOf } from '../audit/audit-lines';
import type { AuditLog } from '../audit/audit-log';
import { englishText } from '../i18n/main-words';
import type { MainWords, Text } from '../i18n/main-words';
import { backUpLedger, cancelStagedRestore, stageRestore } from './ledger-backup';
import type { ThisCounter } from './clean-restore';

export interface CounterBackupsDeps {
  dataDir: string;
  ledgerDb: DatabaseSync;
  audit: AuditLog;
  /** Who is signed in, as the audit names them. */
  signedIn: () => AuditPerson | null;
  /** This counter as a restore compares a backup with it. */
  thisCounter: () => ThisCounter;
  /** A supervisor's approval of the restore, spent as it is checked unless `spend` is false: the approver, null when nobody is asked; throws the refusal. */
  approveRestore: (spend?: boolean) => AgentView | null;
  /** Asks the screens for a supervisor's approval of the restore (the same dialog as for a refund), with main's words; resolves to whether one was given. */
  askRestoreApproval: (message: string) => Promise<boolean>;
  /** The ledger file this start replaced with a restored backup; null when none was restored. */
  replacedByRestore: string | null;
  /** Main's words in the counter's language: the approval the screens are asked for is worded in it (English without). */
  words?: MainWords;
}

/** The ledger's backups and restores (File → Back Up / Restore Ledger…), each recorded in the audit, or refused with its words. */
export function counterBackups({
  dataDir,
  ledgerDb,
  audit,
  signedIn,
  thisCounter,
  approveRestore,
  askRestoreApproval,
  replacedByRestore,
  words,
}: CounterBackupsDeps) {
  function backedUp<T>(
    action: 'backup.take' | 'restore.stage' | 'restore.cancel',
    what: Text,
    work: () => { result: T; approver?: AgentView | null },
  ): T {
    try {
      const { result, approver } = work();
      const approvedBy = approver ? { agentId: approver.id, name: approver.name } : null;
      recordAction(audit, { action, what: englishText(what), words: auditWordsOf(what), who: signedIn(), approver: approvedBy });
      return result;
    } catch (error) {
      recordAction(audit, { ...refusalEntry(action, what, error), who: signedIn() });
      throw error;
    }
  }

  return {
    replacedByRestore,
    /** A consistent copy of the ledger, taken while the app runs. */
    backUpTo: (target: string) =>
      backedUp('backup.take', { message: auditLines.backUp, values: { file: basename(target) } }, () => ({
        result: backUpLedger(ledgerDb, target),
      })),
    /**
     * Whether the agent may go on to choose a backup, checked before the file is asked for: without an
     * approval yet, the screens ask a supervisor for one and this waits for it (false: none came).
     * Throws any other refusal (nobody signed in).
     */
    mayRestore: async (): Promise<boolean> => {
      try {
        approveRestore(false);
        return true;
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'approval_required') throw error;
        return askRestoreApproval((words ? error.localize(words) : error).message);
      }
    },
    /**
     * Reads a backup into a clean ledger the next start puts in place of this one; what it holds, for the
     * agent to confirm. Once an administrator exists, a supervisor's approval is checked first: refused, nothing is read or staged.
     */
    stageRestore: (file: string) =>
      backedUp('restore.stage', { message: auditLines.restoreStage, values: { file: basename(file) } }, () => {
        const approver = approveRestore();
        return { result: stageRestore(dataDir, file, thisCounter()), approver };
      }),
    cancelRestore: () =>
      backedUp('restore.cancel', { message: auditLines.restoreCancel }, () => {
        cancelStagedRestore(dataDir);
        return { result: undefined };
      }),
  };
}
