import type { DatabaseSync, StatementSync } from 'node:sqlite';

const byConnection = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/**
 * The statement for `sql` on this connection, prepared on first use and kept: preparing costs more
 * than running most of the ledger's queries. SQL texts are fixed or built from a bounded set of parts.
 */
export function statement(db: DatabaseSync, sql: string): StatementSync {
  let cache = byConnection.get(db);
  if (!cache) {
    cache = new Map();
    byConnection.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
