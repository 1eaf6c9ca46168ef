// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/**
 * Beyond the usual rules, this file enforces the layering of DESIGN.md, the way VS Code does:
 * the folder a file sits in decides what it may import.
 */

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const noElectron = { name: 'electron', message: 'Only the Electron glue files (electron/main, window, preload, menu and adapters/) import electron.', allowTypeImports: true };

const noRenderer = { group: ['**/renderer/**'], message: 'Nothing outside the renderer imports it.' };

const nativeDialogs = ['confirm', 'alert', 'prompt'];
const nativeDialogMessage = 'Ask with the app\'s own dialog: ask() or confirm() of renderer/shell/questions.ts.';

/** Ajv compiles schemas to code with `new Function`, which the renderer's CSP forbids: it runs in Node only. */
const noAjv = { group: ['ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*'], message: 'Ajv compiles with new Function, which the renderer\'s CSP forbids: compile plans in electron/plans/ and pass the validators in.' };

/** The Electron glue: the only files that may import the `electron` module at run time. */
const electronGlue = ['app/electron-main/{main,window,preload,menu,clipboard,dialogs,safe-storage,shell}.ts'];

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
    files: ['**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared/ is platform-free: no Electron.' }, ...nodeBuiltins.map((name) => ({ name, message: 'shared/ is platform-free: no Node built-ins.' }))],
          patterns: [
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports nothing from electron/ or renderer/.' },
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'monaco-editor', 'monaco-editor/*'], message: 'shared/ is platform-free: no UI libraries.' },
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
          paths: [{ name: 'electron', message: 'The renderer never imports electron: it talks to main through window.eventdesk.' }, ...nodeBuiltins.map((name) => ({ name, message: 'The renderer is sandboxed: no Node built-ins.' }))],
          patterns: [{ group: ['**/electron/**'], message: 'The renderer never imports electron/: use shared/ and the contract.' }, noAjv],
        },
      ],
      // The browser's own dialogs block the window, list nothing and cannot be styled or tested by name.
      'no-restricted-globals': ['error', ...nativeDialogs.map((name) => ({ name, message: nativeDialogMessage }))],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].flatMap((object) => nativeDialogs.map((property) => ({ object, property, message: nativeDialogMessage })))],
    },
  },
  {
    // The runtime a plan's standalone validators require: Ajv's helpers, which evaluate no code (no compiler).
    files: ['renderer/composer/plan-runtime.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^ajv(?:$|/(?!dist/runtime/))|^ajv-formats(?:$|/(?!dist/formats))', message: 'Only the runtime of standalone validators: Ajv compiles with new Function.' }] }] },
  },
  {
    files: ['electron/**/*.ts', 'build/**/*.ts', '*.ts'],
    ignores: electronGlue,
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noRenderer] }] },
  },
  {
    files: electronGlue,
    rules: { 'no-restricted-imports': ['error', { patterns: [noRenderer] }] },
  },
  {
    // Rooms inside electron/, as VS Code layers its folders: the IPC handlers and the command line are built on the services, never the other way.
    files: ['electron/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [noRenderer, { group: ['**/ipc/**', '../ipc/*', '**/cli/**', '../cli/*', '**/host/**', '../host/*'], message: 'services/ import neither ipc/, cli/ nor host/: those are built on the services.' }] },
      ],
    },
  },
  {
    // The command line builds its services from the one root, as the app does, so a behaviour added to a service reaches it too.
    files: ['electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [noRenderer, { group: ['**/services/**', '!**/services/index.ts'], message: 'cli/ reaches the services only through their root, services/index.ts (or node-services.ts, which builds it).' }] },
      ],
    },
  },
  {
    // The sandbox also runs on its own (npm run sandbox), and stands for a server EventDesk does not control.
    files: ['electron/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noRenderer, { group: ['**/services/**', '../services/*'], message: 'The sandbox imports no services/: it stands alone.' }] }],
    },
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
