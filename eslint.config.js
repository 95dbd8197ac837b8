import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronImport = {
  paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron (DESIGN.md): in plain Node it tries to download the binary.' }],
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', electronImport],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts', 'test/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/e2e/browser/**/*.ts', 'test/e2e/stripe-stand-in.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hooks rules; the React Compiler rules do not apply, as the app does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
