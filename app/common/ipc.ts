import { z } from 'zod';
import { ThemeSourceSchema } from '../../base/common/appearance.ts';
import { SecretStorageStatusSchema } from '../../base/common/secret-storage.ts';
import { CaptureStatusSchema } from '../../features/capture/common/capture.ts';
import {
  CaptureHarInputSchema,
  CaptureRequestsInputSchema,
  CaptureRequestsSchema,
  CapturedRequestDetailSchema,
} from '../../features/capture/common/capture-requests.ts';
import { CaptureCoverageInputSchema, CaptureCoverageSchema } from '../../features/coverage/common/capture-coverage.ts';
import {
  CapturedEventDetailSchema,
  CapturedEventsPageSchema,
  CapturedEventsQuerySchema,
  CapturedSelectionSchema,
} from '../../features/capture/common/capture-events.ts';
import { AppCommandSchema } from './commands.ts';
import { DraftEditsSchema, DraftListSchema, DraftOriginsSchema, DraftSchema, MAX_DRAFT_CHARS } from '../../features/documents/common/draft.ts';
import { ImportedFileSchema, OpenedFileSchema, RecentFileSchema, SaveRequestSchema } from '../../features/documents/common/files.ts';
import { PERSONAL_KINDS } from '../../features/transforms/common/personal-data.ts';
import { EnvironmentEditSchema, EnvironmentSaveResultSchema, EnvironmentViewSchema, MAX_PLAN_PATH } from '../../features/environments/common/environment.ts';
import { CoverageProgressSchema, HistoryCoverageInputSchema, HistoryCoverageSchema } from '../../features/coverage/common/history-coverage.ts';
import { PlanStatusSchema } from '../../features/plans/common/plan-status.ts';
import { MAX_PLAN_CHARS, PlanDraftRequestSchema, PlanDraftSchema, PlanSaveResultSchema } from '../../features/plans/common/plan-draft.ts';
import { SandboxPortNumberSchema, SandboxPortStatusSchema } from '../../features/sandbox/common/sandbox-port.ts';
import { SandboxForwardStatusSchema } from '../../features/sandbox/common/sandbox-forward.ts';
import {
  SandboxFaultsPatchSchema,
  SandboxFaultsSchema,
  SandboxInfoSchema,
  SandboxPlanSchema,
  SandboxRequestRecordSchema,
} from '../../features/sandbox/common/sandbox.ts';
import {
  ExportFormatSchema,
  HISTORY_MAX_PAGE,
  HISTORY_PAGE_SIZE,
  HistoryFilterSchema,
  HistoryUsageSchema,
  LABEL_MAX,
  NOTE_MAX,
  RetentionSchema,
  TimelineBucketSchema,
  TimelineUnitSchema,
} from '../../features/history/common/history.ts';
import {
  MAX_PSEUDONYM_ORIGINS,
  PSEUDONYM_ORIGIN_MAX,
  SendProgressSchema,
  StartResultSchema,
  SubmissionSummarySchema,
  SubmissionViewSchema,
  UnansweredChoiceSchema,
} from '../../features/history/common/submission.ts';
import { LoginInputSchema, SessionEventSchema, SessionViewSchema } from '../../features/environments/common/session.ts';
import { KeptRunSchema, RunProgressSchema, RunResultSchema, RunStartSchema, WorkspaceScenarioSchema } from '../../features/runs/common/run-schemas.ts';
import { RunSecretsNeedSchema } from '../../features/runs/common/run-secrets.ts';
import {
  RecentWorkspaceSchema,
  WorkspaceChangeSchema,
  WorkspaceFileRequestSchema,
  WorkspaceListingSchema,
} from '../../features/workspace/common/workspace-schema.ts';

/**
 * The IPC contract: every channel is named once, `domain:verb`, with a schema for what goes in
 * and what comes out. The preload, the main-process wrapper and the test harness are all
 * derived from this object, so a channel cannot exist on one side only.
 */

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  runtime: z.object({
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
    node: z.string(),
  }),
  dataFolder: z.string(),
  secretStorage: SecretStorageStatusSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** The embedded sandbox as the Sandbox tab shows it: its setup, where it listens and why there, and where it forwards to. */
const SandboxViewSchema = SandboxInfoSchema.extend({ port: SandboxPortStatusSchema, forward: SandboxForwardStatusSchema });

const NoInput = z.undefined();
const Id = z.string().min(1).max(200);
const ById = z.object({ id: Id });
const ByEnvironment = z.object({ environmentId: Id });

export const EnvironmentListSchema = z.object({
  environments: z.array(EnvironmentViewSchema),
  activeId: z.string().nullable(),
  /** Something the user should know about the environments file (it was unreadable and set aside). */
  notice: z.string().nullable(),
});

/** pseudonymize's personal values, bounded: a batch of 100 000 events has a customer and a device each, and text is short. */
export const MAX_PSEUDONYM_VALUES = 200_000;
export const MAX_PSEUDONYM_VALUE_CHARS = 1024;
export const PersonalValueSchema = z.object({ kind: z.enum(PERSONAL_KINDS), value: z.string().max(MAX_PSEUDONYM_VALUE_CHARS) });

/** The app's appearance: follow the OS, or the user's override. */

export const contract = {
  'app:info': { input: NoInput, output: AppInfoSchema },
  /** Shows the data folder (settings, history, logs) in the OS file manager. */
  'app:openDataFolder': { input: NoInput, output: z.null() },
  /** Opens the documentation in the user's browser (https only, after the external-link check). */
  'app:openDocs': { input: NoInput, output: z.null() },
  /** Builds the diagnostics zip (logs, settings, versions; no secret) and writes it where the user chose; null when cancelled. */
  'app:exportDiagnostics': { input: NoInput, output: z.object({ path: z.string() }).nullable() },
  /** Native menus, dialogs and scrollbars follow the page's appearance override. */
  'app:setTheme': { input: z.object({ theme: ThemeSourceSchema }), output: z.null() },

  'environments:list': { input: NoInput, output: EnvironmentListSchema },
  'environments:create': { input: EnvironmentEditSchema, output: EnvironmentSaveResultSchema },
  'environments:update': { input: z.object({ id: Id, edit: EnvironmentEditSchema }), output: EnvironmentSaveResultSchema },
  /** A copy holds no secret unless the user ticked "copy the API key and password too". */
  'environments:duplicate': { input: z.object({ id: Id, copySecrets: z.boolean().default(false) }), output: EnvironmentViewSchema },
  'environments:remove': { input: ById, output: z.null() },
  'environments:select': { input: ById, output: z.null() },
  'environments:export': { input: z.object({ ids: z.array(Id).min(1).max(1000) }), output: z.object({ fileName: z.string(), text: z.string() }) },
  'environments:import': {
    input: z.object({ text: z.string().max(5_000_000) }),
    output: z.object({ imported: z.array(EnvironmentViewSchema), problems: z.array(z.string()) }),
  },

  'session:status': { input: ByEnvironment, output: SessionViewSchema.nullable() },
  'session:login': { input: LoginInputSchema, output: SessionViewSchema },
  'session:logout': { input: ByEnvironment, output: z.null() },
  /** The login dialog a send waits on was closed without logging in: that send stops there. */
  'session:declineLogin': { input: ByEnvironment, output: z.null() },

  'drafts:list': { input: NoInput, output: DraftListSchema },
  /** A draft's whole text: a new draft, or one whose edits went out of step (draft-out-of-step). */
  'drafts:save': { input: DraftSchema, output: z.null() },
  /** The edits made since the draft's last save, as the editor reported them: an autosave of a big batch stays small. */
  'drafts:saveEdits': { input: DraftEditsSchema, output: z.null() },
  /** The original ids a pseudonymize of the draft replaced, kept beside it for the send's note in the history. */
  'drafts:saveOrigins': { input: DraftOriginsSchema, output: z.null() },
  'drafts:activate': { input: ById, output: z.null() },
  'drafts:close': { input: ById, output: z.null() },

  'files:recent': { input: NoInput, output: z.array(RecentFileSchema) },
  'files:open': { input: NoInput, output: OpenedFileSchema.nullable() },
  /** Asks for a file to import events from (the OS dialog) and reads it; it joins no recent list. */
  'files:import': { input: NoInput, output: ImportedFileSchema.nullable() },
  'files:openRecent': { input: z.object({ path: z.string().max(4096) }), output: OpenedFileSchema },
  'files:save': { input: SaveRequestSchema, output: z.object({ path: z.string() }).nullable() },
  /**
   * The files the OS opened before the page listened (a file given at launch, macOS open-file):
   * answered once, then forgotten. Call it right after subscribing to files.onOpened; from then
   * on every opened file arrives as a `files:opened` push.
   */
  'files:takeOpened': { input: NoInput, output: z.array(OpenedFileSchema) },

  /**
   * `label`: the new submission's, from its start (a replay names what it replays).
   * `pseudonymizedFrom`: the original customer and device ids the batch was pseudonymized from,
   * kept in the history only (searchable, never sent).
   */
  'send:start': {
    input: z.object({
      environmentId: Id,
      batchText: z.string().max(MAX_DRAFT_CHARS),
      again: z.boolean(),
      label: z.string().max(LABEL_MAX).optional(),
      pseudonymizedFrom: z.array(z.string().max(PSEUDONYM_ORIGIN_MAX)).max(MAX_PSEUDONYM_ORIGINS).optional(),
    }),
    output: StartResultSchema,
  },
  'send:cancel': { input: z.object({ submissionId: Id }), output: z.null() },
  /** `unanswered`: what to do with chunks that went out without an answer; without it, a resume with such chunks is refused (resume-unanswered). */
  'send:resume': { input: z.object({ submissionId: Id, unanswered: UnansweredChoiceSchema.optional() }), output: SubmissionSummarySchema },
  'submissions:get': { input: ById, output: SubmissionViewSchema.nullable() },
  /** Sends the last run left unfinished (a crash, a kill), as this run found them. */
  'submissions:interrupted': { input: NoInput, output: z.array(SubmissionViewSchema) },
  // Main writes the command to the clipboard itself: a copy with secrets never reaches the page. The chunk is the one that begins at `firstEvent`.
  'submissions:copyCurl': { input: z.object({ id: Id, firstEvent: z.number().int().min(0), withSecrets: z.boolean() }), output: z.null() },

  'history:list': {
    input: z.object({ filter: HistoryFilterSchema, before: Id.optional(), limit: z.number().int().min(1).max(HISTORY_MAX_PAGE).default(HISTORY_PAGE_SIZE) }),
    output: z.array(SubmissionSummarySchema),
  },
  'history:count': { input: z.object({ filter: HistoryFilterSchema }), output: z.number().int().min(0) },
  'history:timeline': { input: z.object({ filter: HistoryFilterSchema, unit: TimelineUnitSchema }), output: z.array(TimelineBucketSchema) },
  /** The batch as sent, pretty-printed, for the read-only editor, the diff and "Open as draft". */
  'history:batch': { input: ById, output: z.string() },
  'history:annotate': { input: z.object({ id: Id, label: z.string().max(LABEL_MAX), note: z.string().max(NOTE_MAX) }), output: SubmissionSummarySchema },
  'history:delete': {
    input: z.union([z.object({ ids: z.array(Id).min(1).max(100_000) }), z.object({ filter: HistoryFilterSchema })]),
    output: z.object({ deleted: z.number().int().min(0) }),
  },
  /** Sends a recorded batch again to its environment; the same duplicate answer as send:start. */
  'history:resend': { input: z.object({ id: Id, again: z.boolean() }), output: StartResultSchema },
  'history:retention': { input: NoInput, output: z.object({ retention: RetentionSchema, usage: HistoryUsageSchema }) },
  // Main builds the file and writes it where the user chose: an export with secrets never reaches the page.
  'history:export': {
    input: z.object({ ids: z.array(Id).min(1).max(100_000), format: ExportFormatSchema, withSecrets: z.boolean() }),
    output: z.object({ path: z.string() }).nullable(),
  },
  /** Renames a damaged submissions.sqlite (and its -wal and -shm) aside and starts a fresh history; refused unless it was found damaged. */
  'history:setAside': { input: NoInput, output: z.object({ movedTo: z.string() }) },
  'history:setRetention': {
    input: RetentionSchema,
    output: z.object({ retention: RetentionSchema, usage: HistoryUsageSchema, deleted: z.number().int().min(0) }),
  },
  /**
   * A tracking plan's coverage by the batches the filter finds, read a submission at a time with
   * `history:coverageProgress` pushes. One run at a time: a new one stops the one before, and a
   * stopped run answers what it counted so far.
   */
  'history:coverage': { input: HistoryCoverageInputSchema, output: HistoryCoverageSchema },
  'history:stopCoverage': { input: z.object({ runId: HistoryCoverageInputSchema.shape.runId }), output: z.null() },

  /**
   * The replacement of each personal value pseudonymize puts in (features/transforms/common/pseudonymize.ts),
   * in the same order: keyed with the data folder's pseudonym key, which never leaves main.
   */
  'transforms:pseudonyms': { input: z.object({ values: z.array(PersonalValueSchema).max(MAX_PSEUDONYM_VALUES) }), output: z.array(z.string()) },

  /**
   * The embedded sandbox as the Sandbox tab shows it, port included. Its demo account and API
   * key reach the page by design: they are the sandbox's public credentials, printed by
   * `eventdesk sandbox` and in the README, for pointing an SDK at it, and open nothing but this
   * loopback sandbox. Users and keys of one's own are set on `eventdesk sandbox`, never here.
   */
  'sandbox:info': { input: NoInput, output: SandboxViewSchema },
  /**
   * Moves the embedded sandbox to `port` now and at the next start (its traffic stays). A port
   * another program holds is refused (sandbox-port-taken) and nothing changes.
   */
  'sandbox:setPort': { input: z.object({ port: SandboxPortNumberSchema }), output: SandboxViewSchema },
  'sandbox:traffic': { input: NoInput, output: z.array(SandboxRequestRecordSchema) },
  'sandbox:clear': { input: NoInput, output: z.null() },
  'sandbox:faults': { input: NoInput, output: SandboxFaultsSchema },
  'sandbox:setFaults': { input: SandboxFaultsPatchSchema, output: SandboxFaultsSchema },
  /**
   * The embedded sandbox's tracking plan: main asks for the file in the OS's open dialog (the
   * page never names a path) and keeps it in the sandbox's settings; each answers the info,
   * plan included, unchanged when the dialog was cancelled. A file that is no plan is refused
   * (plan-not-json, plan-invalid, sandbox-plan) and the plan in force stays.
   */
  'sandbox:choosePlan': { input: NoInput, output: SandboxViewSchema },
  'sandbox:clearPlan': { input: NoInput, output: SandboxViewSchema },
  /**
   * Forwards every request for the embedded sandbox's service to an environment's base URL,
   * which main resolves (the page never sends a URL), now and at the next start; null: off.
   * None of the environment's secrets is used: the SDK's own credentials pass through. The
   * Local sandbox, or an environment whose address is the sandbox's own, is refused
   * (sandbox-forward-loop) and forwarding stays as it was. Answers the info, forward included.
   */
  'sandbox:setForward': { input: z.strictObject({ environmentId: Id.nullable() }), output: SandboxViewSchema },

  /** What the embedded sandbox's capture holds, how many events it could not keep, and why its file was set aside if it was. */
  'capture:status': { input: NoInput, output: CaptureStatusSchema },
  /**
   * A tracking plan's coverage by the captured events (all, a time range of when they arrived,
   * or only those accepted), read a request at a time with `capture:coverageProgress` pushes;
   * one run at a time with history:coverage, stopped the same way.
   */
  'capture:coverage': { input: CaptureCoverageInputSchema, output: CaptureCoverageSchema },
  'capture:stopCoverage': { input: z.object({ runId: CaptureCoverageInputSchema.shape.runId }), output: z.null() },

  /** The Sandbox tab's requests, from the capture: the newest, or those written after the one the tab holds (waiting briefly for the capture's queue). */
  'capture:requests': { input: CaptureRequestsInputSchema, output: CaptureRequestsSchema },
  /** One captured request whole (masked as kept), with its events' verdicts and plan violations; capture-request-gone once cleared or dropped. */
  'capture:request': { input: z.object({ id: z.number().int().min(1) }), output: CapturedRequestDetailSchema },
  /** Empties the capture and the sandbox's memory of requests; says how much went. */
  'capture:clear': { input: NoInput, output: z.object({ requests: z.number().int().min(0), events: z.number().int().min(0) }) },
  /** These captured requests as HAR 1.2, masked, saved where the user chooses in main's dialog; null when cancelled. */
  'capture:exportHar': { input: CaptureHarInputSchema, output: z.object({ path: z.string(), count: z.number().int().min(1) }).nullable() },

  /**
   * The Events view: a page of the captured events a filter (the composer's language, and a
   * verdict) matches, in arrival order, with how many match; a bad expression is refused
   * (capture-filter) with its column. The selection channels take places in that list.
   */
  'capture:events': { input: CapturedEventsQuerySchema, output: CapturedEventsPageSchema },
  'capture:event': { input: z.object({ requestId: z.number().int(), index: z.number().int().min(0) }), output: CapturedEventDetailSchema },
  /** The selected events as a JSON array's text (Copy, Open in composer, Replay), bounded (capture-selection-too-large). */
  'capture:eventsText': { input: CapturedSelectionSchema, output: z.object({ text: z.string(), count: z.number().int().min(0), source: z.string() }) },
  /** Saves the selected events where the user chooses (main's save dialog); null when cancelled. */
  'capture:saveEvents': {
    input: z.object({ selection: CapturedSelectionSchema, format: z.enum(['json', 'ndjson']) }),
    output: z.object({ path: z.string(), count: z.number().int().min(0) }).nullable(),
  },

  /** The active environment's tracking plan (its file read, its validators served for the editor's worker), or null when it names none. */
  'plans:active': { input: NoInput, output: PlanStatusSchema.nullable() },
  /** Any environment's tracking plan, as plans:active (a replay checks its events against its target's), or null when it names none. */
  'plans:of': { input: z.object({ environmentId: Id }), output: PlanStatusSchema.nullable() },
  /** Asks for a plan file (the OS dialog, *.plan.json); null when cancelled. The environment editor puts it in the form. */
  'plans:choose': { input: NoInput, output: z.object({ path: z.string(), name: z.string() }).nullable() },
  /**
   * A draft plan, for the user to review and save: inferred from the open batch's text, or from
   * batch files, or imported from another tool's export, both of which main asks for in the OS's
   * dialog (the page never names a path); null when that dialog was cancelled.
   */
  'plans:draft': { input: PlanDraftRequestSchema, output: PlanDraftSchema.nullable() },
  /** Saves a plan's text where the user chooses (main's save dialog) if it loads as a plan with no error; its problems otherwise. Null when cancelled. */
  'plans:save': { input: z.object({ text: z.string().max(MAX_PLAN_CHARS) }), output: PlanSaveResultSchema.nullable() },
  /** The environment uses a plan file saved through plans:save (or chosen through plans:choose) from now on; other files are refused (plan-not-chosen). */
  'plans:use': { input: z.object({ environmentId: Id, path: z.string().min(1).max(MAX_PLAN_PATH) }), output: EnvironmentSaveResultSchema },

  /**
   * The open workspace (issue #18), one at a time, or null. The page never names a folder: main
   * asks for it in the OS's folder dialog, or takes one from the recent list it keeps.
   */
  'workspace:current': { input: NoInput, output: WorkspaceListingSchema.nullable() },
  /** Asks for a folder (main's dialog) and opens the workspace holding it (it or a folder above); null when cancelled. workspace-not-found when there is none. */
  'workspace:open': { input: NoInput, output: WorkspaceListingSchema.nullable() },
  'workspace:recent': { input: NoInput, output: z.array(RecentWorkspaceSchema) },
  /** Opens a workspace of the recent list; another folder is refused (workspace-not-recent). */
  'workspace:openRecent': { input: z.object({ root: z.string().min(1).max(4096) }), output: WorkspaceListingSchema },
  'workspace:close': { input: NoInput, output: z.null() },
  /**
   * A batch of the open workspace, by its path from the root, read for the composer: its `path`
   * is the file's own, and files:save writes it back through the workspace (so the watcher does
   * not report the save as a change from outside).
   */
  'workspace:openFile': { input: WorkspaceFileRequestSchema, output: OpenedFileSchema },

  /** The open workspace's scenarios, each read (name, steps, or why it cannot run); workspace-not-open without one. */
  'runs:scenarios': { input: NoInput, output: z.array(WorkspaceScenarioSchema) },
  /**
   * What the environments a run would send to (each step's own included) lack: a login, an API
   * key, each environment once; empty when nothing. The Runs view asks for all of it in one dialog.
   */
  'runs:secretsNeeded': { input: RunStartSchema.pick({ scenarios: true, environment: true }), output: z.array(RunSecretsNeedSchema) },
  /**
   * Starts a run of the open workspace's scenarios in the app (the same engine as `eventdesk run`),
   * each send recorded in History; progress comes as runs:progress. run-busy while one is under way;
   * run-secrets-missing, before anything is sent, when an environment it sends to lacks a login or an API key.
   */
  'runs:start': { input: RunStartSchema, output: z.object({ runId: z.string() }) },
  /** Stops the run: the step under way is cancelled, the rest reported skipped. */
  'runs:stop': { input: z.object({ runId: z.string().min(1).max(100) }), output: z.null() },
  /** The run under way as it stands (its scenarios so far), or null: the view opened mid-run shows it. */
  'runs:current': { input: NoInput, output: RunResultSchema.nullable() },
  /** The open workspace's kept runs (the app's and `eventdesk run`'s), newest first. */
  'runs:list': { input: NoInput, output: z.array(KeptRunSchema) },
  /** A kept run, whole; run-not-found when it is gone. */
  'runs:get': { input: z.object({ id: z.string().min(1).max(100) }), output: RunResultSchema },
} as const;

/** What main pushes to the renderer unasked, `domain:event`, each with the schema of its payload. */
export const pushes = {
  'session:changed': SessionEventSchema,
  'sandbox:request': SandboxRequestRecordSchema,
  /** The embedded sandbox's plan, chosen, cleared, reloaded after its file changed, or failing to reload. */
  'sandbox:planChanged': SandboxPlanSchema.nullable(),
  /** Where the embedded sandbox forwards: chosen, following its environment's change or deletion, or its upstream's latest failure. */
  'sandbox:forwardChanged': SandboxForwardStatusSchema,
  'send:progress': SendProgressSchema,
  /** A menu item (or anything else in main) asks the page to run a command. */
  'app:command': AppCommandSchema,
  /**
   * The services' thread stopped by itself (out of memory, a crash), with why in words: restarted
   * (what was under way was interrupted; the page reads everything again), or not, having stopped
   * too often, until EventDesk is reopened.
   */
  'app:servicesStopped': z.object({ reason: z.string().max(200), restarted: z.boolean() }),
  /**
   * A batch file the OS opened (second launch with a path, macOS open-file, file association,
   * File → Open Recent): open it as a tab. Main has registered it as chosen, so Save writes back to it.
   */
  'files:opened': OpenedFileSchema,
  /** The active plan's file changed on disk and was read again: ask plans:active. */
  'plans:changed': z.object({ file: z.string() }),
  /** How far a history:coverage run has read (at most every 100 ms, and once at its end). */
  'history:coverageProgress': CoverageProgressSchema,
  /** How far a capture:coverage run has read, as history:coverageProgress. */
  'capture:coverageProgress': CoverageProgressSchema,
  /** The capture kept new events (at most every 250 ms while they come): the Events view reads its page again. */
  'capture:eventsChanged': z.object({ events: z.number().int().min(0) }),
  /** The open workspace was opened (a menu, the command line), closed, or its files changed on disk (a git pull). */
  'workspace:changed': WorkspaceChangeSchema,
  /** A run of scenarios goes on: a scenario or a step started or ended, or the run ended. */
  'runs:progress': RunProgressSchema,
} as const;

export type Pushes = typeof pushes;
export type PushName = keyof Pushes;
export type PayloadOf<P extends PushName> = z.output<Pushes[P]>;
export const pushNames = Object.keys(pushes) as PushName[];

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
/** What a caller passes. */
export type InputOf<C extends ChannelName> = z.input<Contract[C]['input']>;
/** What a handler receives: the input after its schema parsed it (defaults filled in). */
export type ParsedInputOf<C extends ChannelName> = z.output<Contract[C]['input']>;
export type OutputOf<C extends ChannelName> = z.output<Contract[C]['output']>;

export const channelNames = Object.keys(contract) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
