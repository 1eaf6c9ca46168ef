import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SandboxInfo, SandboxPlan } from '../../shared/sandbox.ts';
import type { SandboxServer } from '../sandbox/server.ts';
import type { FileDialogs } from './files.ts';
import { createAtomicWriter, parseJsonOrNull } from './json-file.ts';

/**
 * The tracking plan of the embedded sandbox, chosen in the Sandbox tab: the file comes from the
 * OS's open dialog (the page never names a path), and it is kept in the sandbox's settings in
 * the data folder, so the next start checks events against it again. Each answer is the
 * sandbox's info, plan included (the contract leaves its API key out). A remembered plan whose
 * file cannot be loaded at start is watched until it can: the app starts either way.
 */

const SETTINGS_FILE = 'sandbox-settings.json';
const SandboxSettingsFileSchema = z.object({ planFile: z.string().min(1).nullable().default(null) });

export interface SandboxPlanDeps {
  dataFolder: string;
  sandbox: SandboxServer;
  dialogs: FileDialogs;
  /** Where each change of the plan goes (a choice, a reload, a reload that failed). */
  onChange(plan: SandboxPlan | null): void;
}

export function createSandboxPlan(deps: SandboxPlanDeps) {
  const settingsFile = path.join(deps.dataFolder, SETTINGS_FILE);
  const writeSettings = createAtomicWriter(settingsFile);
  deps.sandbox.onPlanChange((plan) => deps.onChange(plan));

  async function remember(planFile: string | null): Promise<void> {
    await writeSettings(`${JSON.stringify({ planFile }, null, 2)}\n`);
  }

  return {
    /** Uses the plan the settings remember; an unreadable settings file counts as none. */
    async restore(): Promise<void> {
      const settings = SandboxSettingsFileSchema.safeParse(parseJsonOrNull(await readFile(settingsFile, 'utf8').catch(() => 'null')));
      if (settings.success && settings.data.planFile !== null) await deps.sandbox.usePlan(settings.data.planFile, 'keep');
    },
    /** Asks for a plan file and uses it; cancelled, nothing changes. A file that is no plan throws, and the plan in force stays. */
    async choose(): Promise<SandboxInfo> {
      const file = await deps.dialogs.chooseFileToOpen('plan');
      if (file === null) return deps.sandbox.info();
      const plan = await deps.sandbox.usePlan(file);
      await remember(plan?.file ?? null);
      return deps.sandbox.info();
    },
    async clear(): Promise<SandboxInfo> {
      await deps.sandbox.usePlan(null);
      await remember(null);
      return deps.sandbox.info();
    },
  };
}
