import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ELECTRON_ONLY_IN_MAIN = 'Only electron/main and electron/preload may import electron: in plain Node it tries to download the binary.';

/** Everywhere but electron/main and electron/preload: no `electron`, no `electron/...` subpath. */
const noElectron = {
  paths: [{ name: 'electron', message: ELECTRON_ONLY_IN_MAIN }],
  patterns: [{ group: ['electron/*'], message: ELECTRON_ONLY_IN_MAIN }],
};

/** The renderer and shared/ run in the page (and shared/ in both processes): nothing from our electron/ folder either. */
const noElectronFolder = {
  paths: noElectron.paths,
  patterns: [
    {
      group: ['electron/*', '**/electron/**'],
      message:
        'renderer/ and shared/ never import from electron/: declare what both sides need in shared/ (ARCHITECTURE.md, "Every folder").',
    },
  ],
};

/** An import of one of our electron/ folders from elsewhere in electron/: `../core/…`, `../../core/…`, `../../electron/core/…`. */
const electronFolder = (folder) => `^(\\.\\./)+(electron/)?${folder}(/|$)`;

/** A fence around one electron/ folder: no Electron, and none of the folders named, each refused with what to do instead. */
const fence = (refused) => ({
  paths: noElectron.paths,
  patterns: [...noElectron.patterns, ...refused.map(([folder, message]) => ({ regex: electronFolder(folder), message }))],
});

const SERVICE_APART =
  'The built-in service is a separate program main embeds: it reaches the core only through contracts in shared/ (types and schemas, such as shared/training-controls.ts); its SQLite helpers are in electron/sqlite/.';
const CORE_APART =
  'The core reaches the built-in service only over HTTP and through contracts in shared/; what it needs from the running service it declares (BuiltInService in core.ts) and electron/main adapts (main/built-in-service.ts).';
const NOT_MAIN = 'electron/main composes the core and the built-in service and imports Electron: nothing it composes imports it back.';
const NOT_RENDERER = 'The renderer runs in the page: declare what both sides need in shared/.';
const SQLITE_APART =
  'electron/sqlite is a library that the core and the built-in service both use: it imports neither (nor main, nor the renderer); pass in what it needs.';

/** Only electron/main (the composer), tests and benches import both the core and the built-in service. */
const noServiceInCore = fence([
  ['sandbox', CORE_APART],
  ['main', NOT_MAIN],
  ['renderer', NOT_RENDERER],
]);
const noCoreInService = fence([
  ['core', SERVICE_APART],
  ['main', NOT_MAIN],
  ['renderer', NOT_RENDERER],
]);
const noCoreOrServiceInSqlite = fence([
  ['core', SQLITE_APART],
  ['sandbox', SQLITE_APART],
  ['main', SQLITE_APART],
  ['renderer', SQLITE_APART],
]);

/** Components and screens reach the main process only through a store or `useMainCall`, which own busy, errors and stale answers. */
const ONE_DATA_PATH =
  'Components and screens do not call the bridge: use a store (renderer/src/stores/) or useMainCall / useMainEvent (renderer/src/hooks/use-main-call.ts).';
const noBridgeInComponents = {
  paths: noElectronFolder.paths,
  patterns: [...noElectronFolder.patterns, { group: ['**/bridge', '!**/shared/bridge'], message: ONE_DATA_PATH }],
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { globals: { ...globals.node }, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Numbers in messages are what an agent reads ("3 nights"); objects and undefined still are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Services are factories returning closures, never classes with `this`: the rule cannot tell them from methods.
      '@typescript-eslint/unbound-method': 'off',
      // An async handler that never awaits still turns a throw into a rejected envelope, as IPC needs.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': ['error', noElectron],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts', 'test/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noElectronFolder] },
  },
  { files: ['electron/core/**/*.ts'], rules: { 'no-restricted-imports': ['error', noServiceInCore] } },
  { files: ['electron/sandbox/**/*.ts'], rules: { 'no-restricted-imports': ['error', noCoreInService] } },
  { files: ['electron/sqlite/**/*.ts'], rules: { 'no-restricted-imports': ['error', noCoreOrServiceInSqlite] } },
  {
    files: ['renderer/src/components/**/*.{ts,tsx}', 'renderer/src/screens/**/*.{ts,tsx}', 'renderer/src/App.tsx'],
    rules: {
      'no-restricted-imports': ['error', noBridgeInComponents],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='window'][property.name='packdesk']", message: ONE_DATA_PATH },
      ],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/e2e/browser/**/*.ts', 'test/e2e/stripe-stand-in.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hooks rules; the React Compiler rules do not apply, as the app does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Every word a person reads comes from the catalogs (shared/i18n/): no literal text in JSX or in its words' props.
    files: ['renderer/src/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,description,aria-label,alt,error,message,hint,loadingLabel}']] } },
      ],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'electron/core/**/*.ts', 'electron/main/**/*.ts'],
    plugins: { formatjs },
    rules: {
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/enforce-plural-rules': ['error', { one: true, other: true }],
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-offset': 'error',
      'formatjs/no-emoji': 'error',
    },
  },
);
