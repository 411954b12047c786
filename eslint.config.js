import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries, checked on the file each import resolves to (relative and @client/@server/@shared alike):
 * shared ← server, shared ← client, never server ↔ client; features stand alone; routes never reach the db;
 * Kysely values (and so raw `sql`) only under src/server/db; migrations are history and import no live code; only
 * db/dialect.ts and db/search/ ask which database it is.
 */
const FEATURES = readdirSync(new URL('src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const AREA_ZONES = [
  { target: 'src/client', from: 'src/server', message: 'The client must not import the server.' },
  { target: 'src/server', from: 'src/client', message: 'The server must not import the client.' },
  {
    target: 'src/shared',
    from: 'src',
    except: ['./shared'],
    message: 'Shared code imports nothing of ours but shared code.',
  },
  ...FEATURES.map((feature) => ({
    target: `src/client/features/${feature}`,
    from: 'src/client/features',
    except: [`./${feature}`],
    message: 'Features must not import each other; move what they share to components/ or lib/.',
  })),
];
const CLIENT_BASE_NOT_FEATURES = ['src/client/lib', 'src/client/components'].map((target) => ({
  target,
  from: 'src/client/features',
  message: 'Shared client code must not depend on a feature; features build on it, not the other way round.',
}));
const ROUTES_NOT_DB = {
  target: 'src/server/routes',
  from: 'src/server/db',
  message: 'Routes reach the database through services, never db/ directly.',
};
const MIGRATIONS_ARE_HISTORY = {
  target: 'src/server/db/migrations',
  from: 'src',
  except: ['./server/db/migrations', './server/db/dialect.ts'],
  message:
    'A migration holds the SQL it ran: it imports kysely, ../dialect and earlier migrations, never live code that may change.',
};
const restrictPaths = (zones) => ['error', { zones, basePath: import.meta.dirname }];
const KYSELY_PATTERN = {
  group: ['kysely', 'kysely/*'],
  allowTypeImports: true,
  message: 'Queries and raw SQL live in src/server/db; elsewhere import Kysely types only (import type).',
};
const KYSELY_ONLY_IN_DB = ['error', { patterns: [KYSELY_PATTERN] }];

/** The browser bundle carries no validation library: the contract's schemas reach the client as types only. */
const SCHEMAS_AS_TYPES_IN_BROWSER = [
  'error',
  {
    patterns: [
      {
        group: [
          'zod',
          'zod/*',
          '@shared/contract/*',
          '!@shared/contract/endpoints',
          '!@shared/contract/events',
        ],
        allowTypeImports: true,
        message:
          'The client imports contract schemas and zod as types only (import type); paths come from endpoints.ts.',
      },
      KYSELY_PATTERN,
    ],
  },
];

/** Packages too: a migration's SQL must not change with a dependency's release, and of dialect.ts only isPostgres. */
const MIGRATION_IMPORTS = [
  'error',
  {
    patterns: [
      {
        regex: String.raw`^(?!kysely$|\.\./dialect$|\./\d{8}T\d{4}-[a-z-]+$)`,
        message: MIGRATIONS_ARE_HISTORY.message,
      },
      {
        regex: String.raw`^\.\./dialect$`,
        allowImportNames: ['isPostgres'],
        message: 'A migration writes its own SQL for each database; of dialect.ts it takes isPostgres alone.',
      },
    ],
  },
];

/** SQLite and PostgreSQL differ in db/dialect.ts and, for full-text search, db/search/ (sqlite.ts, postgres.ts). */
const DIALECT_SWITCH_IN_ITS_PLACE = [
  'error',
  {
    patterns: [
      {
        regex: String.raw`(^|/)dialect$`,
        importNames: ['isPostgres'],
        message:
          'Only db/dialect.ts and db/search/ ask which database it is: put the difference behind one of them.',
      },
    ],
  },
];

const NODE_IN_BROWSER = [
  'error',
  {
    patterns: [
      { group: ['node:*'], message: 'This code runs in the browser too; Node built-ins are not available.' },
    ],
  },
];

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
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-restricted-paths': restrictPaths([
        ...AREA_ZONES,
        ...CLIENT_BASE_NOT_FEATURES,
        ROUTES_NOT_DB,
        MIGRATIONS_ARE_HISTORY,
      ]),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': NODE_IN_BROWSER },
  },
  {
    files: ['src/server/db/migrations/*.ts'],
    rules: { 'no-restricted-imports': MIGRATION_IMPORTS },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/db/dialect.ts',
      'src/server/db/dialect.test.ts',
      'src/server/db/search/**',
      'src/server/db/migrations/**',
    ],
    rules: { 'no-restricted-imports': DIALECT_SWITCH_IN_ITS_PLACE },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': KYSELY_ONLY_IN_DB },
  },
  {
    // Replaces the rule above for the browser's own code, so it carries both sets of patterns.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/testing/**', 'src/client/features/*/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': SCHEMAS_AS_TYPES_IN_BROWSER },
  },
  {
    files: ['src/client/service-worker.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: [
      'src/server/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      '*.config.{ts,js}',
      '.ci/**/*.{js,mjs}',
    ],
    languageOptions: { globals: globals.node },
  },
);
