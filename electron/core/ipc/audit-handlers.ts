import type { AuditLog } from '../audit/audit-log';
import type { AreaHandlers } from './handlers';

/** The audit of settings actions: read and checked, never written from the screens. */
export function auditIpc({ audit }: { audit: AuditLog }): AreaHandlers<'audit:verify' | 'audit:list'> {
  return {
    'audit:verify': () => audit.verify(),
    'audit:list': async ({ before, limit }) => audit.list({ before, limit }),
  };
}
