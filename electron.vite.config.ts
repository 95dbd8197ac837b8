import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { compiledCatalogs } from './scripts/compiled-catalogs';
import { stripDefaultMessages } from './scripts/strip-default-messages';

/** The dev server injects an inline React-refresh preamble; only in dev does the CSP let inline scripts run. */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'packdesk:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
  };
}

export default defineConfig({
  main: {
    plugins: [compiledCatalogs()],
    build: {
      // zod goes into the bundle: the installed app then carries only keytar's native module in node_modules.
      externalizeDeps: { exclude: ['zod', '@formatjs/intl', '@formatjs/icu-messageformat-parser', 'intl-messageformat'] },
      rollupOptions: { input: { index: resolve('electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require nothing but 'electron': zod and shared/ go into the bundle.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts'), payment: resolve('electron/preload/payment.ts') },
        // …and it cannot load ES modules: one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('renderer'),
    base: './',
    plugins: [
      stripDefaultMessages(['shared/payment-page-words.ts', 'shared/training-card-rules.ts']),
      react(),
      relaxCspForDevServer(),
      compiledCatalogs({ fetched: true }),
    ],
    // The catalogs come parsed (compiledCatalogs): the ICU parser stays out of the page's code.
    resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
    build: {
      // Minified, and split: index.html loads the first screen's code; the other screens load on demand.
      minify: 'esbuild',
      rollupOptions: { input: { index: resolve('renderer/index.html'), payment: resolve('renderer/payment.html') } },
    },
  },
});
