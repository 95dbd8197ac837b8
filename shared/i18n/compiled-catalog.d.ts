/** A catalog compiled at build time, loaded on demand (scripts/compiled-catalogs.ts): each message id with its parsed ICU message. */
declare module '*?compiled' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  /** Loads the catalog (fetched in the page, read in main and the tests). */
  const load: () => Promise<Record<string, MessageFormatElement[]>>;
  export default load;
}
