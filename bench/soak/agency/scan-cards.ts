import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';
import { fileHoldsCardNumber } from '../../../test/support/card-scan';

/** Every file under `dir`, at any depth. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * PostgreSQL keeps expressions (defaults, checks, its own functions) as node trees in which a constant
 * is a list of its bytes, "[ 64 0 0 0 25 0 0 0 ]": digits in groups that can pass Luhn. They are cut out.
 */
const NODE_TREE_BYTES = /\[(?: \d{1,3})+ \]/g;

/** Whether a file of the cluster holds a card number, its node trees' byte lists cut out first (through a scratch copy). */
function clusterFileHoldsCardNumber(file: string, scratch: string): boolean {
  const text = readFileSync(file).toString('latin1');
  const cut = text.replace(NODE_TREE_BYTES, '|');
  if (cut === text) return fileHoldsCardNumber(file);
  writeFileSync(scratch, cut, 'latin1');
  return fileHoldsCardNumber(scratch);
}

/** The agency's tables as text, one row a line, written to `file` so the same scan reads them as any file. */
async function dumpAgencyTables(client: Client, file: string): Promise<void> {
  const tables = await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
  const lines: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${client.escapeIdentifier(name)} t`);
    lines.push(...rows.rows.map((row) => row.row));
  }
  writeFileSync(file, lines.join('\n'));
}

/**
 * Files holding something that looks like a card number: in every counter's folder (ledger,
 * settings, journal, backups), in the agency's tables, and in the PostgreSQL cluster's own files
 * (tables, WAL, log), which the server wrote as it took every change.
 */
export async function cardNumbersAnywhere(places: { counterDirs: readonly string[]; clusterDir: string; agency: Client; scratch: string }) {
  const dump = join(places.scratch, 'agency-tables.txt');
  await dumpAgencyTables(places.agency, dump);
  const copy = join(places.scratch, 'cluster-file.txt');
  const ours = [...places.counterDirs.flatMap(filesUnder), dump];
  const cluster = filesUnder(places.clusterDir);
  const holding = [
    ...ours.filter((file) => fileHoldsCardNumber(file)),
    ...cluster.filter((file) => {
      try {
        return clusterFileHoldsCardNumber(file, copy);
      } catch (error) {
        // The server removed it since the listing (a statistics or WAL file): gone files hold nothing.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    }),
  ];
  rmSync(dump, { force: true });
  rmSync(copy, { force: true });
  return { filesScanned: ours.length + cluster.length, holding };
}
