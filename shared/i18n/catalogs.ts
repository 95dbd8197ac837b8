import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { pseudoCatalog } from './pseudo';
import type { Language } from './languages';

/** A language's messages by id, each parsed at build time (scripts/compiled-catalogs.ts). */
export type Catalog = Record<string, MessageFormatElement[]>;
type CatalogModule = { default: () => Promise<Catalog> };

// One chunk per language, fetched when that language is chosen: only the active one is in memory.
const LOADERS: Record<Exclude<Language, 'en-XA'>, () => Promise<CatalogModule>> = {
  en: () => import('./catalogs/en.json?compiled'),
  de: () => import('./catalogs/de?compiled'),
  fr: () => import('./catalogs/fr?compiled'),
  es: () => import('./catalogs/es?compiled'),
};

/** A language's messages. The pseudo-locale's are made from English's as they load. */
export async function loadCatalog(language: Language): Promise<Catalog> {
  if (language === 'en-XA') return pseudoCatalog(await (await LOADERS.en()).default());
  return (await LOADERS[language]()).default();
}
