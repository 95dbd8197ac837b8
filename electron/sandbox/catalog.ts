/**
 * The training catalog: packages a new agent can recognise, in several currencies (JPY has no minor
 * unit), with prices that move with the season, the weekday, the length of stay and the occupancy.
 */

import { EUROPE_SEEDS } from './catalog-seeds-europe';
import { WORLD_SEEDS } from './catalog-seeds-world';

export interface CatalogProperty {
  id: number;
  name: string;
  /** Price of one night for one adult, in minor units of the package's currency (yen for JPY). */
  baseNightly: number;
}

export interface CatalogPackage {
  id: number;
  title: string;
  currency: string;
  properties: CatalogProperty[];
}

/** A package as seeded: title, currency, and its hotels with their base nightly price. */
export type Seed = [title: string, currency: string, hotels: [name: string, nightly: number][]];

/** The catalog, with stable ids (package n has properties n*100+1…). */
export const CATALOG: readonly CatalogPackage[] = [...EUROPE_SEEDS, ...WORLD_SEEDS].map(([title, currency, hotels], index) => {
  const id = index + 1;
  return {
    id,
    title,
    currency,
    properties: hotels.map(([name, baseNightly], position) => ({ id: id * 100 + position + 1, name, baseNightly })),
  };
});

const byId = new Map(CATALOG.map((entry) => [entry.id, entry]));
export const findPackage = (id: number): CatalogPackage | undefined => byId.get(id);

/** Folds case and accents so "cote d'azur" finds "Côte d’Azur". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}

/** Every word of the query must appear somewhere in the title, in any order. An empty query lists all. */
export function searchCatalog(query: string): CatalogPackage[] {
  const words = foldForSearch(query)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  return CATALOG.filter((entry) => {
    const title = foldForSearch(entry.title);
    return words.every((word) => title.includes(word));
  });
}
