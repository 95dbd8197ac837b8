import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Core } from '../../electron/core/core';
import { PRODUCT_NAME } from '../../shared/i18n/messages';
import { unaccentedText } from './text-checks';

/** Where the pseudo-locale's run keeps what each screenshot showed that no catalog wrote: `scripts/pseudo-english.mjs` sums it up. */
const PSEUDO_FINDINGS = join(import.meta.dirname, '../../test-results/pseudo-locale/english.jsonl');

/**
 * What the counter holds that a screen shows as data, the same in every language: the product, its
 * version, card brands, the service's statuses, and the names and places in its profiles, agents,
 * bookings and the service's catalog.
 */
async function shownData(core: Core, version: string): Promise<string[]> {
  const { profiles } = await core.profiles.list();
  const bookings = profiles.flatMap((profile) => core.ledger.list({ profileId: profile.id, limit: 500 }).rows);
  const packages = await core.engine.search('').catch(() => []);
  return [
    PRODUCT_NAME,
    version,
    'Visa',
    'Mastercard',
    'Stripe',
    ...['Pending', 'Confirming', 'Paid', 'Cancelled', 'Failed', 'Rejected'],
    ...profiles.map((profile) => profile.name),
    ...core.agents.list().map((agent) => agent.name),
    ...bookings.flatMap((row) => [
      row.holder.name,
      row.holder.surname,
      row.holder.email,
      row.packageTitle,
      row.propertyName,
      row.clientReference,
      row.bookingReference ?? '',
      row.status,
      row.pendingModification?.reference ?? '',
      row.originCounter ?? '',
      row.madeAtCounter ?? '',
      row.changedAtCounter ?? '',
      ...core.ledger.timeline(row.id).flatMap((line) => [line.counter ?? '', ...Object.values(line.words?.values ?? {}).filter(isText)]),
    ]),
    ...packages.flatMap((entry) => [entry.title, ...entry.properties.map((property) => property.name)]),
  ].filter((word) => word.length > 0);
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** Notes the words on `page` that skipped the catalogs, under the screenshot's name (the pseudo-locale's run only). */
export async function notePseudoFindings(page: Page, core: Core, version: string, screen: string): Promise<void> {
  const found = await unaccentedText(page, { words: await shownData(core, version) });
  if (found.length === 0) return;
  mkdirSync(join(PSEUDO_FINDINGS, '..'), { recursive: true });
  appendFileSync(PSEUDO_FINDINGS, `${JSON.stringify({ screen, found })}\n`);
}
