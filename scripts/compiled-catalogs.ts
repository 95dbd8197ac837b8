import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

const QUERY = '?compiled';
// A virtual module's id, not ending in .json, so Vite's own JSON plugin leaves it alone.
const PREFIX = '\0packdesk-catalog:';

/**
 * A catalog's messages by id: one JSON file, or a folder of them (one per area of the app, so translators of
 * different screens never edit the same file). An id in two files of a folder is an error, not a silent overwrite.
 */
export function readCatalog(path: string): Record<string, string> {
  if (!statSync(path).isDirectory()) return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  const messages: Record<string, string> = {};
  for (const file of readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    for (const [id, message] of Object.entries(JSON.parse(readFileSync(join(path, file), 'utf8')) as Record<string, string>)) {
      if (id in messages) throw new Error(`${join(path, file)}: the message ${id} is also in another file of ${path}`);
      messages[id] = message;
    }
  }
  return messages;
}

const compile = (path: string) =>
  JSON.stringify(Object.fromEntries(Object.entries(readCatalog(path)).map(([key, message]) => [key, parse(message)])));

/** A catalog module with the parsed catalog in its code: for main, the tests and the dev server. */
const inlineCatalog = (path: string) =>
  `const catalog = JSON.parse(${JSON.stringify(compile(path))});\nexport default async () => catalog;`;

/**
 * `import('./catalogs/de?compiled')`: a module whose default export loads the catalog with every message
 * already parsed, so the app never ships or runs the ICU parser (the renderer aliases it away); a message
 * that does not parse fails the build. `fetched` (the page's build): the catalog is a file of its own,
 * fetched when its language is chosen and let go when another is, so only the active language is in memory.
 */
export function compiledCatalogs({ fetched = false }: { fetched?: boolean } = {}): Plugin {
  let building = false;
  return {
    configResolved(config) {
      building = config.command === 'build';
    },
    name: 'packdesk:compiled-catalogs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith(QUERY) || !importer) return null;
      return `${PREFIX}${resolve(dirname(importer), source.slice(0, -QUERY.length))}.catalog`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const path = id.slice(PREFIX.length, -'.catalog'.length);
      this.addWatchFile(path);
      if (fetched && building) {
        const file = this.emitFile({ type: 'asset', name: `catalog-${basename(path, '.json')}.json`, source: compile(path) });
        return `export default () => fetch(import.meta.ROLLUP_FILE_URL_${file}).then((answer) => answer.json());`;
      }
      return inlineCatalog(path);
    },
  };
}

/** The same for esbuild, which bundles the tests' child processes, the soaks and the bench: the catalog inlined, parsed. */
export function esbuildCompiledCatalogs(): EsbuildPlugin {
  return {
    name: 'packdesk-compiled-catalogs',
    setup(build) {
      build.onResolve({ filter: /\?compiled$/ }, ({ path, resolveDir }) => ({
        path: resolve(resolveDir, path.slice(0, -QUERY.length)),
        namespace: 'packdesk-catalog',
      }));
      build.onLoad({ filter: /.*/, namespace: 'packdesk-catalog' }, ({ path }) => ({
        contents: inlineCatalog(path),
        loader: 'js',
      }));
    },
  };
}
