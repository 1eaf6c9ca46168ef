import { createHash } from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import { planProblemText } from '../common/plan-problem.ts';
import { planScriptPath, type PlanStatus } from '../common/plan-status.ts';
import { loadPlanInSlices } from './load.ts';
import { readPlanFileText } from './plan-file-text.ts';
import { watchPlanFile } from './watch-plan-file.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';

/**
 * The active environment's tracking plan: read with loadPlan, its validators written as a
 * module for the editor's worker (served by hash, see scriptOf), and its file watched, so that
 * editing the plan on disk reloads it and tells the page (`plans:changed`). A plan file that is
 * gone, too large, not JSON or no plan is a status with an error, never a throw.
 */

/** Validator modules kept to serve: the current plan's and a few before, for a page that asks late. */
const KEPT_SCRIPTS = 4;

export interface PlansDeps {
  /** The active environment and the plan file it names, or null. */
  activePlanFile(): { environmentId: string; file: string | null } | null;
  /** The plan file an environment names, or null (none, or no such environment). */
  planFileOf(environmentId: string): string | null;
  dialogs: FileDialogs;
  /** Each file the user chose, the only ones an environment may then name (environments.ts). */
  chosen: Set<string>;
  /** The active plan's file changed on disk and reads differently now. */
  onChanged(file: string): void;
}

function failure(error: unknown, name: string): { code: string; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const code = (error as NodeJS.ErrnoException).code;
  return { code: 'plan-unreadable', message: `The tracking plan ${name} cannot be read${code ? ` (${code})` : ''}.` };
}

export function createPlans(deps: PlansDeps) {
  const scripts = new Map<string, string>();
  let current: { environmentId: string; file: string; status: Promise<PlanStatus> } | null = null;
  let stopWatch: (() => void) | null = null;

  function keepScript(script: string): string {
    const hash = createHash('sha256').update(script).digest('hex');
    scripts.delete(hash);
    scripts.set(hash, script);
    if (scripts.size > KEPT_SCRIPTS) scripts.delete(scripts.keys().next().value!);
    return planScriptPath(hash);
  }

  async function read(environmentId: string, file: string): Promise<PlanStatus> {
    const name = path.basename(file);
    const status: PlanStatus = { environmentId, file, name, plan: null, script: null, problems: [], error: null };
    try {
      // In slices: a plan of a thousand kinds compiles for seconds, and this thread answers every call.
      const loaded = await loadPlanInSlices(await readPlanFileText(file), name, { module: true });
      return {
        ...status,
        plan: { name: loaded.plan.name, version: loaded.plan.version ?? null, kinds: loaded.kinds.size },
        script: keepScript(loaded.standalone()),
        problems: loaded.problems.map((problem) => ({ severity: problem.severity, text: planProblemText(problem) })),
      };
    } catch (error) {
      return { ...status, error: failure(error, name) };
    }
  }

  function unwatch(): void {
    stopWatch?.();
    stopWatch = null;
  }

  /** Reads the plan again; tells the page when it reads differently. */
  async function reload(watched: NonNullable<typeof current>): Promise<void> {
    const before = JSON.stringify(await watched.status);
    if (current !== watched) return;
    watched.status = read(watched.environmentId, watched.file);
    if (JSON.stringify(await watched.status) !== before && current === watched) deps.onChanged(watched.file);
  }

  function watchPlan(watched: NonNullable<typeof current>): void {
    unwatch();
    try {
      stopWatch = watchPlanFile(
        watched.file,
        () => reload(watched),
        () => (stopWatch = null),
      );
    } catch {
      // A folder that is gone: the status says the plan is missing; choosing it again watches it.
      stopWatch = null;
    }
  }

  return {
    /** The active environment's plan, or null when it names none. */
    async active(): Promise<PlanStatus | null> {
      const named = deps.activePlanFile();
      if (!named?.file) {
        unwatch();
        current = null;
        return null;
      }
      if (current?.file !== named.file || current.environmentId !== named.environmentId) {
        current = { environmentId: named.environmentId, file: named.file, status: read(named.environmentId, named.file) };
        watchPlan(current);
      }
      return current.status;
    },

    /**
     * Any environment's plan (a replay's target need not be the active one): the active one's
     * as `active` keeps it, another's read afresh, unwatched (loadPlan caches by the text).
     */
    async of(environmentId: string): Promise<PlanStatus | null> {
      const file = deps.planFileOf(environmentId);
      if (file === null) return null;
      if (deps.activePlanFile()?.environmentId === environmentId) return this.active();
      return read(environmentId, file);
    },

    /** Asks for a plan file (the OS dialog); its path and name, or null when cancelled. */
    async choose(): Promise<{ path: string; name: string } | null> {
      const file = await deps.dialogs.chooseFileToOpen('plan');
      if (file === null) return null;
      deps.chosen.add(file);
      return { path: file, name: path.basename(file) };
    },

    /** The validators module whose text hashes to `hash`, while it is kept; null otherwise. */
    script(hash: string): string | null {
      return scripts.get(hash) ?? null;
    },

    close(): void {
      unwatch();
      current = null;
    },
  };
}
export type Plans = ReturnType<typeof createPlans>;
