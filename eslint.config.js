import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries: shared ← server, shared ← client, never server ↔ client; features stand alone. */
const forbid = (...groups) => ['error', { patterns: groups }];
const SERVER = {
  group: ['@server/*', '**/server/**'],
  message: 'Client and shared code must not import the server.',
};
const CLIENT = {
  group: ['@client/*', '**/client/**'],
  message: 'Server and shared code must not import the client.',
};
const NODE = {
  group: ['node:*'],
  message: 'This code runs in the browser too; Node built-ins are not available.',
};
const OTHER_FEATURE = {
  group: ['@client/features/*', '../../features/*', '../*/**/api/*', '../*/components/*', '../*/hooks/*'],
  message: 'Features must not import each other; move what they share to components/ or lib/.',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: globals.browser },
  },
  { files: ['src/client/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': forbid(SERVER, NODE) } },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': forbid(SERVER, NODE, OTHER_FEATURE) },
  },
  { files: ['src/shared/**/*.ts'], rules: { 'no-restricted-imports': forbid(SERVER, CLIENT, NODE) } },
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': forbid(CLIENT) } },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
