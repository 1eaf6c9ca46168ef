import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** What the layering rule and the package lists say about one import planted in a file at that path. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'local/layering')
    .map((message) => message.message);
}

describe('the layering rule', () => {
  it.each([
    // common/ is platform-free, wherever it is
    ['base/common/x.ts', "import { readFile } from 'node:fs';"],
    ['features/plans/common/x.ts', "import path from 'path';"],
    ['app/common/x.ts', "import { app } from 'electron';"],
    ['features/history/common/x.ts', "import { useState } from 'react';"],
    ['features/plans/common/x.ts', "import { Ajv2020 } from 'ajv/dist/2020.js';"],
    ['features/history/common/x.ts', "import { openHistory } from '../node/history-file.ts';"],
    ['base/common/x.ts', "import { jsonFile } from '../node/json-file.ts';"],
    // a feature imports only lower features, and nothing of the app
    ['features/environments/node/x.ts', "import { createRuns } from '../../runs/node/runs.ts';"],
    ['features/history/common/x.ts', "import { chunkBody } from '../../sending/common/x.ts';"],
    ['features/sending/node/x.ts', "import { createServices } from '../../../app/node/index.ts';"],
    ['features/capture/node/x.ts', "import type { Channels } from '../../../app/common/ipc.ts';"],
    ['base/node/x.ts', "import { createVault } from '../../features/environments/node/vault.ts';"],
    ['base/common/x.ts', "import { AppError } from '../../app/common/bridge.ts';"],
    ['features/nowhere/node/x.ts', "import { plural } from '../../../base/common/plural.ts';"],
    ['features/plans/browser/x.ts', "import { plural } from '../../../base/common/plural.ts';"],
    // the sandbox's server stands alone: none of its feature's services
    ['features/sandbox/server/x.ts', "import { createSandboxPlan } from '../node/sandbox-plan.ts';"],
    // another feature's modules that its entry names, never the entry itself nor a module it does not name
    ['features/sending/node/x.ts', "import { openHistory } from '../../history/node/index.ts';"],
    ['app/cli/x.ts', "import { createSending } from '../../features/sending/node/index.ts';"],
    ['renderer/composer/x.ts', "import { validateBatch } from '../../features/validation/common/index.ts';"],
    ['features/sending/node/x.ts', "import { migrations } from '../../history/node/submissions-schema.ts';"],
    ['app/cli/x.ts', "import { sendLog } from '../../features/history/node/submissions-send-log.ts';"],
    ['renderer/composer/x.ts', "import { keysWrittenOnce } from '../../features/validation/common/keys-written-once.ts';"],
    // the renderer reaches the rest only through common/ and the contract
    ['renderer/x.ts', "import { ipcRenderer } from 'electron';"],
    ['renderer/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['renderer/x.ts', "import { serveAppFile } from '../app/electron-main/app-files.ts';"],
    ['renderer/composer/x.ts', "import { createSending } from '../../features/sending/node/sending.ts';"],
    ['renderer/x.ts', "import addFormats from 'ajv-formats';"],
    // inside the renderer, a screen imports only lower folders; the shell composes them
    ['renderer/base/state/x.ts', "import { HistoryScreen } from '../../history/HistoryScreen.tsx';"],
    ['renderer/history/x.ts', "import { Shell } from '../shell/Shell.tsx';"],
    ['renderer/send/x.ts', "import { opening } from '../composer/opening/opening.ts';"],
    ['renderer/nowhere/x.ts', "import { useUi } from '../base/state/ui.ts';"],
    // nothing imports the renderer; only the glue imports electron
    ['app/ipc/x.ts', "import { App } from '../../renderer/App.tsx';"],
    ['features/sandbox/server/x.ts', "import { App } from '../../../renderer/App.tsx';"],
    ['features/environments/node/x.ts', "import { safeStorage } from 'electron';"],
    ['app/cli/main.ts', "import { app } from 'electron';"],
    ['app/node/x.ts', "import { safeStorage } from 'electron';"],
    ['test/features/x.test.ts', "import { app } from 'electron';"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await refusals(file, code)).not.toEqual([]);
  });

  it.each([
    ['app/electron-main/main.ts', "import { app } from 'electron';"],
    ['app/electron-main/safe-storage.ts', "import { safeStorage } from 'electron';"],
    ['features/environments/node/x.ts', "import type { WebPreferences } from 'electron';"],
    ['features/environments/node/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['renderer/x.ts', "import { AppError } from '../base/common/errors.ts';"],
    ['renderer/composer/x.ts', "import { validateBatch } from '../../features/validation/common/validation.ts';"],
    ['renderer/x.ts', "import { channels } from '../app/common/ipc.ts';"],
    ['renderer/history/x.ts', "import { StatusBadge } from '../send/StatusBadge.tsx';"],
    ['renderer/shell/x.ts', "import { HistoryScreen } from '../history/HistoryScreen.tsx';"],
    ['renderer/App.tsx', "import { Shell } from './shell/Shell.tsx';"],
    ['features/plans/common/x.ts', "import { z } from 'zod';"],
    ['features/sending/node/x.ts', "import { redactText } from '../../../base/common/redaction/redact.ts';"],
    ['features/sending/node/x.ts', "import { openHistory } from '../../history/node/history-file.ts';"],
    ['features/sending/node/x.ts', "import { chunkBody } from '../common/x.ts';"],
    ['features/sandbox/server/x.ts', "import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';"],
    ['features/sandbox/server/x.ts', "import { loadPlanInSlices } from '../../plans/node/load.ts';"],
    ['features/sandbox/server/x.ts', "import type { SandboxInfo } from '../common/sandbox.ts';"],
    ['features/capture/node/x.ts', "import type { SandboxExchange } from '../../sandbox/server/exchange.ts';"],
    ['app/ipc/x.ts', "import type { Services } from '../node/index.ts';"],
    ['app/cli/x.ts', "import { createSending } from '../../features/sending/node/sending.ts';"],
    ['features/plans/node/x.ts', "import { Ajv2020 } from 'ajv/dist/2020.js';"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
