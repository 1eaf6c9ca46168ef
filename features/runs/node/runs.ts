import { realpath } from 'node:fs/promises';
import type { z } from 'zod';
import { AppError } from '../../../base/common/errors.ts';
import { redactValue } from '../../../base/common/redaction/redact.ts';
import { runScenarios, stepName } from '../common/engine.ts';
import type { RunProgress, RunResult, ScenarioResult } from '../common/run-result.ts';
import type { KeptRun, RunStartSchema, WorkspaceScenario } from '../common/run-schemas.ts';
import { lackingText, secretsLacking, type RunSecretsNeed } from '../common/run-secrets.ts';
import { readScenarioText } from '../../workspace/common/scenario-file.ts';
import { problemText } from '../../workspace/common/workspace-json.ts';
import { WORKSPACE_KINDS, type WorkspaceListing } from '../../workspace/common/workspace.ts';
import { createAppSender, type AppSenderDeps } from './app-sender.ts';
import { keptRunsIn } from './kept-runs.ts';
import { runEnvironments } from './run-environments.ts';
import { workspaceRunDeps } from './workspace-run.ts';
import { findEnvironment } from '../../workspace/node/files.ts';
import { readWorkspaceText } from '../../workspace/node/paths.ts';
import type { Sessions } from '../../environments/node/sessions.ts';
import { workspaceEnvironmentId } from '../../workspace/node/workspace-environments.ts';
import type { OpenWorkspace } from '../../workspace/node/open-workspace.ts';
import { workspaceDataFolder } from '../../workspace/node/open-workspace.ts';
import type { Fetch } from '../../../base/node/ports.ts';

/**
 * The app's Runs view: the open workspace's scenarios, a run of them (one at a time) through
 * the same engine as `eventdesk run`, each step a send of the app's own services (app-sender.ts),
 * its progress pushed to the window as it goes, and the runs kept in the workspace's data folder
 * (kept-runs.ts) beside those `eventdesk run` made on this computer.
 */

export interface RunsDeps extends Omit<AppSenderDeps, 'root'> {
  dataFolder: string;
  workspace: Pick<OpenWorkspace, 'current' | 'environments'>;
  /** Who is logged in where: a run needs a login (or a remembered password) for each environment it sends to. */
  sessions: Pick<Sessions, 'status'>;
  /** Every secret known (the vault's), masked in what is pushed and kept. */
  secrets: () => readonly string[];
  fetch: Fetch;
  push: (progress: RunProgress) => void;
  /** What went wrong out of sight (a finished run that could not be kept): the run still ends, and the log says why. */
  warn: (message: string, error: unknown) => void;
}

/** What runs:start asks for, as its schema parsed it. */
export type RunStart = z.output<typeof RunStartSchema>;

/** The contract's bound on a problem's text: a longer one is cut, never refused whole. */
const MAX_PROBLEM = 20_000;
/** Scenario files read at the same time. */
const READ_AT_ONCE = 16;

interface Running {
  id: string;
  root: string;
  startedAt: string;
  started: number;
  controller: AbortController;
  /** The scenarios ended so far, and the one under way with its steps so far. */
  ended: ScenarioResult[];
  underWay: ScenarioResult | null;
  done: Promise<void>;
}

const busy = () => new AppError('run-busy', 'A run of scenarios is under way: stop it, or wait for it to end, before starting another.');

export function createRuns(deps: RunsDeps) {
  let running: Running | null = null;

  function opened(): WorkspaceListing {
    const listing = deps.workspace.current();
    if (!listing) throw new AppError('workspace-not-open', 'No workspace is open: open one with File → Open Workspace… to run its scenarios.');
    return listing;
  }

  const scenarioFiles = (listing: WorkspaceListing) => listing.files.filter((file) => file.kind === 'scenario').map((file) => file.path);

  async function scenarioOf(root: string, file: string): Promise<WorkspaceScenario> {
    const unreadable = (problem: string): WorkspaceScenario => ({ file, name: file, steps: [], environment: null, problem: problem.slice(0, MAX_PROBLEM) });
    let text: string;
    try {
      text = await readWorkspaceText(root, file);
    } catch (error) {
      return unreadable(error instanceof Error ? error.message : String(error));
    }
    const read = readScenarioText(file, text);
    if (!read.ok) return unreadable(read.problems.map(problemText).join('\n'));
    return { file, name: read.scenario.name, steps: read.scenario.steps.map(stepName), environment: read.scenario.environment ?? null, problem: null };
  }

  /** The scenarios a start names, checked against the workspace's; every one when it names none. */
  function chosenScenarios(listing: WorkspaceListing, asked: readonly string[]): string[] {
    const known = scenarioFiles(listing);
    const { folder, suffixes } = WORKSPACE_KINDS.scenario;
    if (asked.length === 0) {
      if (known.length === 0) throw new AppError('run-scenario-missing', `The workspace has no scenarios to run: add one as ${folder}/NAME${suffixes[0]}.`);
      return known;
    }
    const unknown = asked.filter((file) => !known.includes(file));
    if (unknown.length > 0) {
      throw new AppError(
        'run-scenario-missing',
        `${unknown.slice(0, 5).join(', ')} ${unknown.length === 1 ? 'is not a scenario' : 'are not scenarios'} of the workspace: scenarios are ${folder}/**/*${suffixes[0]}. Reload the list and choose again.`,
      );
    }
    return [...new Set(asked)];
  }

  function checkEnvironment(name: string | null): void {
    if (name === null) return;
    const environments = deps.workspace.environments();
    if (findEnvironment(environments, name)) return;
    const known = environments.map((entry) => `"${entry.settings.name}"`);
    throw new AppError(
      'run-environment-missing',
      `There is no environment "${name}" in the workspace (${known.length > 0 ? `it has ${known.join(', ')}` : 'it has none that loads'}).`,
    );
  }

  /** What each environment the run sends to lacks (a login, an API key), as Send would find it. */
  async function secretsNeeded(listing: WorkspaceListing, scenarios: readonly string[], environment: string | null): Promise<RunSecretsNeed[]> {
    const sentTo = await runEnvironments({ listing, environments: deps.workspace.environments() }, scenarios, environment);
    const realRoot = await realpath(listing.root);
    const { environments } = deps.environments.list();
    return sentTo.flatMap((settings) => {
      const view = environments.find((candidate) => candidate.id === workspaceEnvironmentId(realRoot, settings.name));
      return (view && secretsLacking(view, deps.sessions.status(view.id))) ?? [];
    });
  }

  /** What the run so far looks like: a scenario under way counts as failed once a step of it failed. */
  function soFar(run: Running): RunResult {
    const underWay =
      run.underWay &&
      ({
        ...run.underWay,
        status: run.underWay.steps.some((step) => step.status === 'failed') ? 'failed' : 'passed',
        durationMs: Math.max(0, Date.now() - Date.parse(run.underWay.startedAt)),
      } satisfies ScenarioResult);
    return {
      id: run.id,
      workspace: run.root,
      startedAt: run.startedAt,
      durationMs: Math.round(performance.now() - run.started),
      stopped: false,
      scenarios: underWay ? [...run.ended, underWay] : [...run.ended],
    };
  }

  function follow(run: Running, progress: RunProgress): void {
    switch (progress.kind) {
      case 'scenario-started':
        run.underWay = {
          file: progress.file,
          name: progress.name,
          status: 'passed',
          problem: null,
          steps: [],
          startedAt: new Date().toISOString(),
          durationMs: 0,
        };
        break;
      case 'step-ended':
        run.underWay?.steps.push(progress.step);
        break;
      case 'scenario-ended':
        run.ended.push(progress.scenario);
        run.underWay = null;
        break;
      default:
        break;
    }
  }

  const masked = <T>(value: T): T => redactValue(value, deps.secrets());

  return {
    /** The open workspace's scenarios, each read: its name and steps, or why it cannot run. */
    async scenarios(): Promise<WorkspaceScenario[]> {
      const listing = opened();
      const files = scenarioFiles(listing);
      const read: WorkspaceScenario[] = [];
      for (let at = 0; at < files.length; at += READ_AT_ONCE)
        read.push(...(await Promise.all(files.slice(at, at + READ_AT_ONCE).map((file) => scenarioOf(listing.root, file)))));
      return read;
    },

    /** What the environments a run would send to lack, each with what (a login, an API key); empty when it can start. */
    async secretsNeeded(request: Pick<RunStart, 'scenarios' | 'environment'>): Promise<RunSecretsNeed[]> {
      const listing = opened();
      checkEnvironment(request.environment);
      return secretsNeeded(listing, chosenScenarios(listing, request.scenarios), request.environment);
    },

    /**
     * Starts a run of the open workspace's scenarios and answers its id once it is under way;
     * runs:progress follows it. Refused at once (run-secrets-missing) when an environment it
     * sends to lacks a login or an API key, naming every one, rather than failing step by step.
     */
    async start(request: RunStart): Promise<{ runId: string }> {
      const listing = opened();
      if (running) throw busy();
      const scenarios = chosenScenarios(listing, request.scenarios);
      checkEnvironment(request.environment);
      const lacking = await secretsNeeded(listing, scenarios, request.environment);
      if (lacking.length > 0) throw new AppError('run-secrets-missing', lackingText(lacking));
      // Checked again: another start may have begun while the environments were read.
      if (running) throw busy();
      const { root } = listing;
      const workspace = { listing, environments: deps.workspace.environments() };
      const sender = createAppSender({ root, environments: deps.environments, sending: deps.sending, submissions: deps.submissions });
      const runDeps = workspaceRunDeps(workspace, sender, { secrets: deps.secrets, fetch: deps.fetch });
      const run: Running = {
        id: crypto.randomUUID(),
        root,
        startedAt: new Date().toISOString(),
        started: performance.now(),
        controller: new AbortController(),
        ended: [],
        underWay: null,
        done: Promise.resolve(),
      };
      const finish = async (result: RunResult) => {
        const shown = masked(result);
        try {
          const kept = keptRunsIn(await workspaceDataFolder(deps.dataFolder, root));
          await kept.keep(shown, { source: 'app', environment: request.environment, secrets: deps.secrets() });
        } catch (error) {
          deps.warn('A finished run could not be kept', error);
        }
        running = null;
        // Once kept: the view that hears the run ended finds it among the kept runs.
        deps.push({ runId: run.id, kind: 'run-ended', run: shown });
      };
      running = run;
      run.done = runScenarios(
        { workspace: root, scenarios, environment: request.environment, bail: request.bail, runId: run.id },
        runDeps,
        (progress) => {
          if (progress.kind === 'run-ended') return;
          follow(run, progress);
          deps.push(masked(progress));
        },
        run.controller.signal,
      )
        .catch((error: unknown) => {
          // The engine reports a scenario's own problems in the result; this is anything else. The view still hears the run end.
          deps.warn('A run of scenarios ended on an error', error);
          return { ...soFar(run), stopped: true };
        })
        .then(finish);
      return { runId: run.id };
    },

    /** Stops the run: the step under way is cancelled, the rest skipped. A run that already ended is left as it is. */
    stop(runId: string): void {
      if (running?.id === runId) running.controller.abort();
    },

    /** The run under way as it stands, or null. */
    current(): RunResult | null {
      return running && masked(soFar(running));
    },

    /** Whether a run is under way (the workspace open now must stay open until it ends). */
    busy(): boolean {
      return running !== null;
    },

    /** The open workspace's kept runs, the app's and `eventdesk run`'s, newest first. */
    async list(): Promise<KeptRun[]> {
      return keptRunsIn(await workspaceDataFolder(deps.dataFolder, opened().root)).list();
    },

    /** A kept run of the open workspace, whole. */
    async get(id: string): Promise<RunResult> {
      return keptRunsIn(await workspaceDataFolder(deps.dataFolder, opened().root)).get(id);
    },

    /** On quit: stops the run under way and waits until it has ended and been kept. */
    async close(): Promise<void> {
      const run = running;
      if (!run) return;
      run.controller.abort();
      await run.done;
    },
  };
}
export type Runs = ReturnType<typeof createRuns>;
