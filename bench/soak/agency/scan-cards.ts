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
 * In the WAL a list can be split by a page's header, "[ 56 0 0 0 94 9" then "1 65 45 … 36 ]": its head
 * (an opening bracket) and its tail (a closing one) are cut out each on its own. A card's groups of four
 * never fit groups of one to three digits.
 */
const NODE_TREE_BYTES = /\[(?: \d{1,3})+(?: \])?|(?:\d{1,3} )+\]/g;

/** A PostgreSQL cluster file's text with its node trees' byte lists cut out. */
export const withoutNodeTreeBytes = (text: string): string => text.replace(NODE_TREE_BYTES, '|');

/** The scan of test/support/card-scan.ts on text the soak prepared (through a scratch file, as it reads files). */
function textHoldsCardNumber(text: string, scratch: string): boolean {
  writeFileSync(scratch, text, 'latin1');
  return fileHoldsCardNumber(scratch);
}

const WINDOW = 1_024;
/** Longer than anything the scan can take for a card number, so one window holds it whole. */
const OVERLAP = 256;

/** The first stretch of `text` the scan finds a card number in, printable, so the finding can be looked at. */
function excerptHolding(text: string, scratch: string): string {
  for (let start = 0; start < text.length; start += WINDOW - OVERLAP) {
    const window = text.slice(start, start + WINDOW);
    if (textHoldsCardNumber(window, scratch)) return `at byte ${start}: ${window.replace(/[^\x20-\x7e]+/g, '·')}`;
  }
  return 'in no single stretch';
}

/** Where a file holds a card number (a printable excerpt), or null; a cluster file with its node trees' byte lists cut out. */
function cardNumberIn(file: string, scratch: string, cluster: boolean): string | null {
  let text: string;
  try {
    text = readFileSync(file).toString('latin1');
  } catch (error) {
    // The server removed it since the listing (a statistics or WAL file): gone files hold nothing.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const scanned = cluster ? withoutNodeTreeBytes(text) : text;
  return textHoldsCardNumber(scanned, scratch) ? excerptHolding(scanned, scratch) : null;
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
  const scratch = join(places.scratch, 'scanned.txt');
  const ours = [...places.counterDirs.flatMap(filesUnder), dump].map((file) => ({ file, cluster: false }));
  const cluster = filesUnder(places.clusterDir).map((file) => ({ file, cluster: true }));
  const holding = [...ours, ...cluster].flatMap(({ file, cluster: inCluster }) => {
    const excerpt = cardNumberIn(file, scratch, inCluster);
    return excerpt === null ? [] : [`${file} ${excerpt}`];
  });
  rmSync(dump, { force: true });
  rmSync(scratch, { force: true });
  return { filesScanned: ours.length + cluster.length, holding };
}
