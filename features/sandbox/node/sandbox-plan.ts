import type { SandboxPlan } from '../common/sandbox.ts';
import type { SandboxServer } from '../server/server.ts';
import type { SandboxSettingsFile } from './sandbox-settings.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';

/**
 * The tracking plan of the embedded sandbox, chosen in the Sandbox tab: the file comes from the
 * OS's open dialog (the page never names a path), and it is kept in the sandbox's settings in
 * the data folder, so the next start checks events against it again. Each answer is the
 * Sandbox tab's view of the sandbox, plan included. A remembered plan whose file cannot be
 * loaded at start is watched until it can: the app starts either way.
 */

export interface SandboxPlanDeps<View> {
  sandbox: SandboxServer;
  settings: SandboxSettingsFile;
  dialogs: FileDialogs;
  /** What each choice answers: the sandbox as the Sandbox tab shows it. */
  view(): View;
  /** Where each change of the plan goes (a choice, a reload, a reload that failed). */
  onChange(plan: SandboxPlan | null): void;
}

export function createSandboxPlan<View>(deps: SandboxPlanDeps<View>) {
  deps.sandbox.onPlanChange((plan) => deps.onChange(plan));

  return {
    /** Uses the plan the settings remember. */
    async restore(): Promise<void> {
      const { planFile } = await deps.settings.read();
      if (planFile !== null) await deps.sandbox.usePlan(planFile, 'keep');
    },
    /** Asks for a plan file and uses it; cancelled, nothing changes. A file that is no plan throws, and the plan in force stays. */
    async choose(): Promise<View> {
      const file = await deps.dialogs.chooseFileToOpen('plan');
      if (file === null) return deps.view();
      const plan = await deps.sandbox.usePlan(file);
      await deps.settings.update({ planFile: plan?.file ?? null });
      return deps.view();
    },
    async clear(): Promise<View> {
      await deps.sandbox.usePlan(null);
      await deps.settings.update({ planFile: null });
      return deps.view();
    },
  };
}
