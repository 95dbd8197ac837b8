import type { AuditFilter } from '../../../shared/audit';

/** A WHERE clause over audit_entries and its parameters, in order. */
export interface AuditWhere {
  sql: string;
  params: (string | number)[];
}

/**
 * The instants a day of the counter's calendar starts and ends at, as the audit stores times (ISO,
 * UTC): local midnight to the next local midnight, so a day of a clock change has 23 or 25 hours.
 */
export function localDayBounds(day: string): { from: string; to: string } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(year, month - 1, date).toISOString(), to: new Date(year, month - 1, date + 1).toISOString() };
}

/** The filter as SQL on the audit's indexes; `before` pages back from a sequence number. */
export function auditWhere(filter: AuditFilter & { before?: number | undefined }): AuditWhere {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.agentId !== undefined) {
    clauses.push('(agent_id = ? OR approver_id = ?)');
    params.push(filter.agentId, filter.agentId);
  }
  if (filter.agentName !== undefined) {
    clauses.push('(agent_name = ? COLLATE NOCASE OR approver_name = ? COLLATE NOCASE)');
    params.push(filter.agentName, filter.agentName);
  }
  if (filter.action !== undefined) {
    clauses.push('action = ?');
    params.push(filter.action);
  }
  if (filter.day !== undefined) {
    const { from, to } = localDayBounds(filter.day);
    clauses.push('at >= ? AND at < ?');
    params.push(from, to);
  }
  if (filter.before !== undefined) {
    clauses.push('sequence < ?');
    params.push(filter.before);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
