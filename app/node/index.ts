import path from 'node:path';
import type { Environment } from '../../features/environments/common/environment.ts';
import { AppError } from '../../base/common/errors.ts';
import type { PayloadOf, PushName } from '../common/ipc.ts';
import { captureSandbox } from '../../features/capture/node/capture-sandbox.ts';
import { captureFileIn, openCapture } from '../../features/capture/node/capture-store.ts';
import { startEmbeddedSandbox, type EmbeddedSandboxOptions } from '../../features/sandbox/server/port.ts';
import { createCaptureRequests } from '../../features/capture/node/captured-requests.ts';
import { createAppInfoService, type AppInfoDeps } from './app-info.ts';
import { createCaptureEvents } from '../../features/capture/node/captured-events.ts';
import { createCoverage } from '../../features/coverage/node/coverage.ts';
import { createDrafts } from '../../features/documents/node/drafts.ts';
import { createEnvironments } from '../../features/environments/node/environments.ts';
import { createDesktop } from './desktop.ts';
import { createFiles } from '../../features/documents/node/files.ts';
import { historyFileIn, openAppHistory, readableOr } from '../../features/history/node/history-file.ts';
import { createHistoryView } from '../../features/history/node/history-view.ts';
import { createHistoryExport } from '../../features/history/node/history-export.ts';
import { createLog } from './log.ts';
import { createOpenedFiles } from '../../features/documents/node/opened-files.ts';
import { makePrivateFolder } from '../../base/node/private-files.ts';
import { createPlanDrafts } from '../../features/coverage/node/plan-drafts.ts';
import { createPlans } from '../../features/plans/node/plans.ts';
import { createPseudonyms } from '../../features/transforms/node/pseudonyms.ts';
import { createRuns } from '../../features/runs/node/runs.ts';
import { createSandboxAddress } from '../../features/sandbox/node/sandbox-address.ts';
import { createSandboxForward } from '../../features/sandbox/node/sandbox-forward.ts';
import { createSandboxPlan } from '../../features/sandbox/node/sandbox-plan.ts';
import { createSandboxSettings } from '../../features/sandbox/node/sandbox-settings.ts';
import { claimedElsewhere } from '../../features/history/node/send-claims.ts';
import { createSending } from '../../features/sending/node/sending.ts';
import type { EarlyBatches } from '../../features/sending/node/early-batches.ts';
import { createSubmissionCurl } from '../../features/history/node/submission-curl.ts';
import { createSessions } from '../../features/environments/node/sessions.ts';
import { createVault, knownSecrets } from '../../features/environments/node/vault.ts';
import { workspaceEnvironmentSource } from '../../features/workspace/node/workspace-environments.ts';
import { createWorkspaceOpening } from '../../features/workspace/node/workspace-opening.ts';
import { createOpenWorkspace, workspaceDataFolder } from '../../features/workspace/node/open-workspace.ts';
import type { Cipher, Clipboard, DesktopShell, Fetch, FileDialogs } from '../../base/node/ports.ts';

/**
 * The composition root of the plain-Node services. The Electron main process, the test harness
 * and the command line each call `createServices` with their own adapters (cipher, fetch, where
 * pushes go, and for the command line the environments its flags made), so all three run the
 * same code. This file is also the only door from the command line into services/ (a lint
 * rule): what a command needs without the whole graph (a pure helper, the history opened only to
 * be read) is re-exported here.
 */

export { login, type TokenGrant } from '../../features/environments/node/auth.ts';
export { captureBatches, eachEventOf } from '../../features/coverage/node/capture-batches.ts';
export { historyBatches } from '../../features/coverage/node/history-batches.ts';
export { HISTORY_FILE_NAME, historyFileIn, openHistory } from '../../features/history/node/history-file.ts';
export { searchWords } from '../../features/history/node/history-search.ts';
export { workspaceDataFolder } from '../../features/workspace/node/open-workspace.ts';
export { createPseudonyms } from '../../features/transforms/node/pseudonyms.ts';
export { prepareBatch, type SendTuning } from '../../features/sending/node/sending.ts';
export type { SubmissionStore } from '../../features/history/node/submissions.ts';

export type PushSender = <P extends PushName>(push: P, payload: PayloadOf<P>) => void;

export interface ServiceDeps {
  appInfo: Omit<AppInfoDeps, 'secretStorage' | 'dataFolder'>;
  dataFolder: string;
  cipher: Cipher;
  fetch: Fetch;
  push: PushSender;
  /** How the OS asks the user for a file to open or save. */
  dialogs: FileDialogs;
  /** Where a copy with secrets goes, written by main so the page never holds it. */
  clipboard: Clipboard;
  /** The OS shell: the file manager, the browser, the native appearance. */
  shell: DesktopShell;
  /** The capture's writer thread's script (CaptureRecorderOptions.writerScript). */
  captureWriter: string;
  /**
   * The embedded sandbox's options, or null to run without one. `portVariable` (the app's
   * EVENTDESK_SANDBOX_PORT) comes before the port saved in the Sandbox tab; `port` is taken when
   * neither chose one (the default when absent; 0 in tests, any free one).
   */
  sandbox: EmbeddedSandboxOptions | null;
  /**
   * The command line's environments, made of its flags. Given, the services hold these and their
   * secrets in memory only, and leave the data folder's environments.json and secrets.json (the
   * app's) alone; the history and the log are the data folder's, shared with the app.
   */
  environments?: readonly Environment[];
  /** Batches the command line had read for sending before the services started (features/sending/node/early-batches.ts). */
  earlyBatches?: EarlyBatches;
}

/** How long a send whose login ended waits for the user to log in again before it stops. */
const LOGIN_WAIT_MS = 30 * 60_000;

export async function createServices(deps: ServiceDeps) {
  makePrivateFolder(deps.dataFolder);
  const sandboxSettings = createSandboxSettings(deps.dataFolder);
  const embedded = deps.sandbox ? await startEmbeddedSandbox(deps.sandbox, (await sandboxSettings.read()).port) : null;
  const sandbox = embedded?.sandbox ?? null;
  sandbox?.onRequest((record) => deps.push('sandbox:request', record));

  const vault = createVault({ file: deps.environments ? null : path.join(deps.dataFolder, 'secrets.json'), cipher: deps.cipher });
  const sandboxInfo = sandbox?.info();
  const chosenPlanFiles = new Set<string>();
  const environments = createEnvironments({
    dataFolder: deps.dataFolder,
    chosenPlanFiles,
    vault,
    sandbox:
      sandbox && sandboxInfo
        ? {
            url: () => sandbox.url,
            username: sandboxInfo.demoUsername,
            apiKey: sandboxInfo.demoApiKey,
            maxBodyBytes: sandboxInfo.maxBodyBytes,
            strict: sandboxInfo.mode === 'strict',
          }
        : null,
    ...(deps.environments ? { given: deps.environments } : {}),
  });
  await vault.load();
  await environments.load();
  /** Every key, password and token the vault holds, masked wherever they appear in a log line. */
  const vaultSecrets = () => knownSecrets(environments.list().environments.map((environment) => vault.get(environment.id)));
  const log = createLog({ dataFolder: deps.dataFolder, secrets: vaultSecrets });
  if (embedded?.port.note) log.warn(embedded.port.note, { requested: embedded.port.requested, port: embedded.port.port });
  // The Sandbox tab's "Forward to": one of the environments, by id, restored from the settings.
  const sandboxForward =
    sandbox && createSandboxForward({ sandbox, settings: sandboxSettings, environments, onChange: (status) => deps.push('sandbox:forwardChanged', status) });
  await sandboxForward?.restore();
  const sandboxAddress =
    embedded &&
    sandboxForward &&
    createSandboxAddress({
      embedded,
      settings: sandboxSettings,
      onMoved: async (from) => {
        log.info('The sandbox moved', { from, to: embedded.sandbox.url });
        await environments.sandboxMoved(from);
      },
      forward: () => sandboxForward.status(),
    });
  const sandboxPlan =
    sandboxAddress &&
    createSandboxPlan({
      sandbox: embedded.sandbox,
      settings: sandboxSettings,
      dialogs: deps.dialogs,
      view: () => sandboxAddress.view(),
      onChange: (plan) => deps.push('sandbox:planChanged', plan),
    });
  await sandboxPlan?.restore();
  // The embedded sandbox always keeps what it receives (capture.sqlite); a file it cannot use is set aside, and the sandbox answers regardless.
  const capture = sandbox && openCapture(captureFileIn(deps.dataFolder), { log: (message) => log.warn('The capture', { message }) });
  const capturing =
    sandbox && capture && captureSandbox(sandbox, capture, { writerScript: deps.captureWriter, log: (message) => log.warn('The capture', { message }) });
  const sessions = createSessions({ environments, vault, fetch: deps.fetch, push: (event) => deps.push('session:changed', event) });
  sessions.restore();
  const history = openAppHistory(historyFileIn(deps.dataFolder));
  const submissions = history.store;
  const unreadable = (error: AppError) => log.warn('The history cannot be read', { error: error.toShape() });
  // A send the last run did not finish (a crash, a kill) shows as interrupted, ready to resume;
  // one a live command-line process is still sending is left to it.
  // Sends are claimed beside the history they are recorded in: the data folder's, or an open workspace's.
  const claimsFolder = () => path.dirname(history.file());
  // What opening a history does first: the sends it holds unfinished read interrupted, then its
  // retention is applied (as after each send).
  const tidyOpenedHistory = (): string[] => {
    const interrupted = readableOr(() => submissions.markInterrupted((id) => !claimedElsewhere(claimsFolder(), id)), [], unreadable);
    readableOr(() => submissions.applyRetention(), 0, unreadable);
    return interrupted;
  };
  // The page offers to resume them; a workspace's, found when it opens (its history is read then), join them.
  const interruptedAtStart = tidyOpenedHistory();
  const sending = createSending({
    fetch: deps.fetch,
    environments,
    sessions,
    vault,
    submissions,
    push: (progress) => deps.push('send:progress', progress),
    ...(deps.earlyBatches ? { early: deps.earlyBatches } : {}),
    // The app's window asks for the login a send waits on; the command line's thread (given its environments) has no one to ask.
    ...(deps.environments ? {} : { loginWaitMs: LOGIN_WAIT_MS }),
    onFinished: (submissionId, problem) => {
      const sent = submissions.view(submissionId);
      if (problem !== null) log.error('Send stopped', { submissionId, problem });
      else if (sent) {
        const chunks = (status: string) => sent.chunks.filter((chunk) => chunk.status === status).length;
        log.info('Send finished', {
          submissionId,
          status: sent.status,
          events: sent.eventCount,
          chunks: sent.chunks.length,
          chunksOk: chunks('ok'),
          chunksFailed: chunks('failed'),
        });
      }
      try {
        submissions.applyRetention();
      } catch (error) {
        // A full disk refuses even the deletes; the next send tries again.
        log.warn('The history retention could not be applied', { error: error instanceof Error ? error.message : String(error) });
      }
    },
  });
  const appInfo = createAppInfoService({ ...deps.appInfo, dataFolder: deps.dataFolder, secretStorage: () => deps.cipher.status() });
  // The open workspace (one at a time): the one place that knows which it is.
  // Its environments join the data folder's while it is open (ids stable per workspace folder and name, so the vault finds their secrets again).
  const openWorkspace = createOpenWorkspace({ dataFolder: deps.dataFolder });
  // The Runs view: the open workspace's scenarios run through these services, so each step is a send in its History.
  const runs = createRuns({
    dataFolder: deps.dataFolder,
    workspace: openWorkspace,
    environments,
    sessions,
    sending,
    submissions,
    secrets: vaultSecrets,
    fetch: deps.fetch,
    push: (progress) => deps.push('runs:progress', progress),
    warn: (message, error) => log.warn(message, { error: error instanceof Error ? error.message : String(error) }),
  });
  const workspaces = createWorkspaceOpening({
    workspace: openWorkspace,
    dialogs: deps.dialogs,
    push: (change) => deps.push('workspace:changed', change),
    follow: async (listing) => {
      await environments.useWorkspace(listing && (await workspaceEnvironmentSource(listing, openWorkspace.environments())));
      // Its own history, in the data folder (never in the workspace, so it is never committed).
      const historyFile = historyFileIn(listing ? await workspaceDataFolder(deps.dataFolder, listing.root) : deps.dataFolder);
      if (historyFile === history.file()) return;
      history.switchTo(historyFile);
      interruptedAtStart.push(...tidyOpenedHistory());
    },
    mayChange: () => {
      if (runs.busy())
        throw new AppError(
          'workspace-busy',
          'A run of scenarios is under way in the workspace open now: stop it, or wait for it to end, then open or close a workspace.',
        );
      if (sending.busy())
        throw new AppError(
          'workspace-busy',
          'A send is under way and is recorded in the history of the workspace open now: wait for it to end, or cancel it, then open or close a workspace.',
        );
    },
  });
  const files = createFiles(deps.dataFolder, deps.dialogs, workspaces);
  // The Sandbox tab lists what the capture kept, so it outlives a restart; exports mask again with every secret known.
  const captureRequests =
    sandbox &&
    capture &&
    createCaptureRequests({
      capture,
      drained: () => capturing?.recorder.drained() ?? Promise.resolve(),
      writing: () => capturing?.recorder.writing() ?? Promise.resolve(),
      clearTraffic: () => sandbox.clearTraffic(),
      secrets: () => [...sandbox.options.apiKeys, ...sandbox.options.users.map((user) => user.password), ...vaultSecrets()],
      exportAs: files.exportAs,
      appVersion: deps.appInfo.version,
    });
  // The Sandbox tab's Events view reads the capture, and hears of new events once they are written.
  const captureEvents =
    sandbox &&
    capture &&
    capturing &&
    createCaptureEvents({
      store: capture,
      onReceived: (listener) => sandbox.onExchange(listener),
      drained: () => capturing.recorder.drained(),
      push: (change) => deps.push('capture:eventsChanged', change),
      saveAs: (name, text) => files.exportAs(name, text),
    });
  const activePlanFile = () => {
    const { environments: all, activeId } = environments.list();
    const active = all.find((environment) => environment.id === activeId);
    return active ? { environmentId: active.id, file: active.planFile } : null;
  };
  const plans = createPlans({
    activePlanFile,
    planFileOf: (environmentId) => environments.list().environments.find((environment) => environment.id === environmentId)?.planFile ?? null,
    dialogs: deps.dialogs,
    chosen: chosenPlanFiles,
    onChanged: (file) => deps.push('plans:changed', { file }),
  });
  const coverage = createCoverage({
    submissions,
    capture,
    activePlanFile: () => activePlanFile()?.file ?? null,
    sandboxPlanFile: () => sandbox?.plan()?.file ?? null,
    chosenPlanFiles,
    push: (source, progress) => deps.push(source === 'history' ? 'history:coverageProgress' : 'capture:coverageProgress', progress),
  });
  const planDrafts = createPlanDrafts({
    dialogs: deps.dialogs,
    capture,
    chosen: chosenPlanFiles,
    usePlanFile: (environmentId, file) => {
      const { id: _id, embeddedSandbox: _embedded, ...settings } = environments.get(environmentId);
      return environments.update(environmentId, { settings: { ...settings, planFile: file } });
    },
  });

  return {
    log,
    appInfo,
    vault,
    /** Every key, password and token the vault holds: what an error answer is masked with. */
    knownSecrets: vaultSecrets,
    environments,
    sessions,
    drafts: createDrafts(deps.dataFolder),
    files,
    openedFiles: createOpenedFiles(files, (file) => deps.push('files:opened', file)),
    desktop: createDesktop({
      shell: deps.shell,
      dataFolder: deps.dataFolder,
      files,
      diagnostics: { appInfo: () => appInfo.info(), environments, secrets: vaultSecrets },
    }),
    history,
    submissions,
    interruptedAtStart,
    historyView: createHistoryView({ submissions, vault, interruptedAtOpening: () => interruptedAtStart }),
    sending,
    submissionCurl: createSubmissionCurl({ submissions, environments, vault, clipboard: deps.clipboard }),
    historyExport: createHistoryExport({ submissions, environments, vault, appVersion: deps.appInfo.version }),
    pseudonyms: createPseudonyms(deps.dataFolder),
    plans,
    coverage,
    planDrafts,
    sandbox,
    sandboxAddress,
    sandboxPlan,
    sandboxForward,
    capture,
    captureRequests,
    captureEvents,
    workspaces,
    runs,
    async close(): Promise<void> {
      // The run first: it ends its send and is kept before the sends and the history close.
      await runs.close();
      await sending.dispose();
      // Its watchers stop; nothing else follows a workspace closed by quitting.
      await openWorkspace.close();
      plans.close();
      coverage.close();
      sessions.dispose();
      submissions.close();
      await sandbox?.close();
      captureEvents?.close();
      await capturing?.stop();
      capture?.close();
    },
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
