// Lint: typescript-eslint's recommended rules plus the import rules of ARCHITECTURE.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = [
  // A feature never imports another feature, the app, or sync.
  ...FEATURES.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature never imports another feature.',
  })),
  { target: './src/features', from: ['./src/app', './sync'], message: 'Features reach the app and sync only through lib and db.' },
  // Auth is the identity boundary, not domain data: it alone talks to the Supabase auth API.
  ...FEATURES.filter((f) => f !== 'auth').map((f) => ({
    target: `./src/features/${f}`,
    from: './src/lib/supabase.ts',
    message: 'Features never call Supabase; they read and write RxDB.',
  })),
  // components and lib are the bottom layers.
  { target: ['./src/components', './src/lib'], from: ['./src/db', './src/features', './src/app', './sync'], message: 'components and lib never import db, features, app or sync.' },
  // db imports only lib.
  { target: './src/db', from: ['./src/features', './src/app', './src/components', './sync'], message: 'db imports only lib.' },
  // sync imports db and lib only, never the UI.
  { target: './sync', from: ['./src/features', './src/app', './src/components'], message: 'sync never imports the UI.' },
  // Status travels one way: sync publishes status$, src/app/sync-control.ts maps it to the atoms.
  { target: './sync', from: ['./src/lib/app-store.ts', './src/lib/sync-status.ts'], message: 'sync reports through status$; src/app/sync-control.ts maps it to the atoms.' },
  // The app reaches the engine through its one door.
  { target: './src/app', from: './sync', except: ['./index.ts'], message: 'The app imports sync only through sync/index.ts.' },
  // The local backend is independent of the app.
  // Database tests may compare the server with the device's pure functions (totals, snapshots).
  { target: './supabase/local', from: ['./src', './sync'], message: 'supabase/local never imports src.' },
  // Nothing imports tests.
  { target: ['./src', './sync', './supabase'], from: './tests', message: 'Nothing imports tests.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: process.cwd(), zones }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@headlessui/react', message: 'Use the design system in src/components/ui.' }] }],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@headlessui/react', message: 'Use the design system in src/components/ui.' },
            {
              name: '@supabase/supabase-js',
              message: 'Features never call Supabase directly; they read and write RxDB (types are fine).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // README "Where things go": no function or component runs past 120 lines without a reason
    // written beside it (an eslint-disable-next-line with that reason); sync/ as well as src/.
    files: ['src/**/*.{ts,tsx}', 'sync/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['sync/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'react/*', 'jotai/react'], message: 'sync never imports React.' }] }],
    },
  },
);
