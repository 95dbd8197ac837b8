import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ELECTRON_ONLY_IN_MAIN =
  'Only electron/main and electron/preload may import electron (DESIGN.md): in plain Node it tries to download the binary.';

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
      message: 'renderer/ and shared/ never import from electron/: declare what both sides need in shared/ (DESIGN.md).',
    },
  ],
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
);
