import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the layering rule', () => {
  it.each([
    ['shared/x.ts', "import { readFile } from 'node:fs';"],
    ['shared/x.ts', "import path from 'path';"],
    ['shared/x.ts', "import { app } from 'electron';"],
    ['shared/x.ts', "import { useState } from 'react';"],
    ['shared/x.ts', "import { createServices } from '../electron/services/index.ts';"],
    ['renderer/x.ts', "import { ipcRenderer } from 'electron';"],
    ['renderer/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['renderer/x.ts', "import { serveAppFile } from '../electron/app-files.ts';"],
    ['electron/services/x.ts', "import { safeStorage } from 'electron';"],
    ['app/cli/main.ts', "import { app } from 'electron';"],
    ['electron/ipc/x.ts', "import { App } from '../../renderer/App.tsx';"],
    ['test/electron/x.test.ts', "import { app } from 'electron';"],
    ['electron/services/x.ts', "import { maskedByEnvironment } from '../ipc/masked.ts';"],
    ['electron/services/x.ts', "import { sendCommand } from '../cli/send.ts';"],
    ['electron/cli/x.ts', "import { createSending } from '../services/sending.ts';"],
    ['electron/cli/x.ts', "import type { SubmissionStore } from '../services/submissions.ts';"],
    ['app/cli/main.ts', "import { createVault } from '../services/vault.ts';"],
    ['electron/services/x.ts', "import { runCli } from '../cli/main.ts';"],
    ['electron/services/x.ts', "import { startServicesThread } from '../host/services-client.ts';"],
    ['electron/services/x.ts', "import { safeStorage } from 'electron';"],
    ['electron/sandbox/x.ts', "import { createVault } from '../services/vault.ts';"],
    ['electron/sandbox/x.ts', "import { App } from '../../renderer/App.tsx';"],
    ['shared/x.ts', "import { Ajv2020 } from 'ajv/dist/2020.js';"],
    ['renderer/x.ts', "import addFormats from 'ajv-formats';"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).not.toEqual([]);
  });

  it.each([
    ['app/electron-main/main.ts', "import { app } from 'electron';"],
    ['app/electron-main/safe-storage.ts', "import { safeStorage } from 'electron';"],
    ['electron/services/x.ts', "import type { WebPreferences } from 'electron';"],
    ['electron/services/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['renderer/x.ts', "import { AppError } from '../shared/errors.ts';"],
    ['shared/x.ts', "import { z } from 'zod';"],
    ['electron/services/x.ts', "import { redactText } from '../../base/common/redaction/redact.ts';"],
    ['electron/sandbox/x.ts', "import { MAX_JSON_DEPTH } from '../../base/common/json-nesting.ts';"],
    ['electron/ipc/x.ts', "import type { Services } from '../services/index.ts';"],
    ['electron/cli/x.ts', "import { prepareBatch } from '../services/index.ts';"],
    ['electron/cli/x.ts', "import { createCommandLineServices } from '../node-services.ts';"],
    ['electron/plans/x.ts', "import { Ajv2020 } from 'ajv/dist/2020.js';"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
