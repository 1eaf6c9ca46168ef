// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import layering from './build/eslint/layering.js';

/**
 * Beyond the usual rules, this file enforces the layering of docs/architecture.md, the way VS Code
 * does: the folder a file sits in decides what it may import. The order of runtimes and features
 * is one rule (build/eslint/layering.js); what a runtime may take from packages is listed here.
 */

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const noElectron = {
  name: 'electron',
  message:
    'Only the Electron glue files (app/electron-main/: main, window, preload, menu and the adapters clipboard, dialogs, safe-storage, shell) import electron.',
  allowTypeImports: true,
};

const noRenderer = { group: ['**/renderer/**'], message: 'Nothing outside the renderer imports it.' };

const nativeDialogs = ['confirm', 'alert', 'prompt'];
const nativeDialogMessage = "Ask with the app's own dialog: ask() or confirm() of renderer/base/widgets/questions.ts.";

/** Ajv compiles schemas to code with `new Function`, which the renderer's CSP forbids: it runs in Node only. */
const noAjv = {
  group: ['ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*'],
  message: "Ajv compiles with new Function, which the renderer's CSP forbids: compile plans in features/plans/node/ and pass the validators in.",
};

/** The Electron glue: the only files that may import the `electron` module at run time. */
const electronGlue = ['app/electron-main/{main,window,preload,menu,clipboard,dialogs,safe-storage,shell}.ts'];

/** Code that runs everywhere, the renderer included: platform-free. */
const pureCode = ['base/common/**/*.ts', 'features/*/common/**/*.ts', 'app/common/**/*.ts'];

export default tseslint.config(
  { ignores: ['node_modules/', '.vite/', 'out/', 'dist/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['base/**/*.ts', 'features/**/*.ts', 'app/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { local: layering },
    rules: { 'local/layering': 'error' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: pureCode,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'common/ is platform-free: no Electron.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'common/ is platform-free: no Node built-ins.' })),
          ],
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'monaco-editor', 'monaco-editor/*'],
              message: 'common/ is platform-free: no UI libraries.',
            },
            noAjv,
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer never imports electron: it talks to main through window.eventdesk.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'The renderer is sandboxed: no Node built-ins.' })),
          ],
          patterns: [noAjv],
        },
      ],
      // The browser's own dialogs block the window, list nothing and cannot be styled or tested by name.
      'no-restricted-globals': ['error', ...nativeDialogs.map((name) => ({ name, message: nativeDialogMessage }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => nativeDialogs.map((property) => ({ object, property, message: nativeDialogMessage }))),
      ],
    },
  },
  {
    // The runtime a plan's standalone validators require: Ajv's helpers, which evaluate no code (no compiler).
    files: ['renderer/composer/checks/plan-runtime.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^ajv(?:$|/(?!dist/runtime/))|^ajv-formats(?:$|/(?!dist/formats))',
              message: 'Only the runtime of standalone validators: Ajv compiles with new Function.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['base/**/*.ts', 'features/**/*.ts', 'app/**/*.ts', 'build/**/*.ts', '*.ts'],
    ignores: [...electronGlue, ...pureCode],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noRenderer] }] },
  },
  {
    files: electronGlue,
    rules: { 'no-restricted-imports': ['error', { patterns: [noRenderer] }] },
  },
  {
    // Tests replace electron with vi.mock at the adapter boundary; they never load the real one.
    files: ['test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, which may be empty.
    files: ['test/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
