/** A catalog compiled at build time (scripts/compiled-catalogs.ts): each message id with its parsed ICU message. */
declare module '*?compiled' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const catalog: Record<string, MessageFormatElement[]>;
  export default catalog;
}
