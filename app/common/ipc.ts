import { z } from 'zod';
import { ThemeSourceSchema } from '../../base/common/appearance.ts';
import { joinParts, NoInput, type ChannelSchemas, type PushSchemas } from '../../base/common/contract.ts';
import { SecretStorageStatusSchema } from '../../base/common/secret-storage.ts';
import { captureChannels, capturePushes } from '../../features/capture/common/contract.ts';
import { coverageChannels, coveragePushes } from '../../features/coverage/common/contract.ts';
import { documentsChannels, documentsPushes } from '../../features/documents/common/contract.ts';
import { environmentsChannels, environmentsPushes } from '../../features/environments/common/contract.ts';
import { historyChannels } from '../../features/history/common/contract.ts';
import { plansChannels, plansPushes } from '../../features/plans/common/contract.ts';
import { runsChannels, runsPushes } from '../../features/runs/common/contract.ts';
import { sandboxChannels, sandboxPushes } from '../../features/sandbox/common/contract.ts';
import { sendingChannels, sendingPushes } from '../../features/sending/common/contract.ts';
import { transformsChannels } from '../../features/transforms/common/contract.ts';
import { workspaceChannels, workspacePushes } from '../../features/workspace/common/contract.ts';
import { AppCommandSchema } from './commands.ts';

/**
 * The IPC contract: every channel is named once, `domain:verb`, with a schema for what goes in
 * and what comes out. Each feature writes its own part (`features/<f>/common/contract.ts`);
 * this file adds the app's and joins them. The preload, the main-process wrapper and the test
 * harness are all derived from the joined object, so a channel cannot exist on one side only.
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

const appChannels = {
  'app:info': { input: NoInput, output: AppInfoSchema },
  /** Shows the data folder (settings, history, logs) in the OS file manager. */
  'app:openDataFolder': { input: NoInput, output: z.null() },
  /** Builds the diagnostics zip (logs, settings, versions; no secret) and writes it where the user chose; null when cancelled. */
  'app:exportDiagnostics': { input: NoInput, output: z.object({ path: z.string() }).nullable() },
  /** Native menus, dialogs and scrollbars follow the page's appearance override. */
  'app:setTheme': { input: z.object({ theme: ThemeSourceSchema }), output: z.null() },
} as const satisfies ChannelSchemas;

const appPushes = {
  /** A menu item (or anything else in main) asks the page to run a command. */
  'app:command': AppCommandSchema,
  /**
   * The services' thread stopped by itself (out of memory, a crash), with why in words: restarted
   * (what was under way was interrupted; the page reads everything again), or not, having stopped
   * too often, until EventDesk is reopened.
   */
  'app:servicesStopped': z.object({ reason: z.string().max(200), restarted: z.boolean() }),
} as const satisfies PushSchemas;

export const contract = joinParts(
  appChannels,
  environmentsChannels,
  documentsChannels,
  sendingChannels,
  historyChannels,
  transformsChannels,
  sandboxChannels,
  captureChannels,
  coverageChannels,
  plansChannels,
  workspaceChannels,
  runsChannels,
);

/** What main pushes to the renderer unasked, `domain:event`, each with the schema of its payload. */
export const pushes = joinParts(
  appPushes,
  environmentsPushes,
  documentsPushes,
  sendingPushes,
  sandboxPushes,
  capturePushes,
  coveragePushes,
  plansPushes,
  workspacePushes,
  runsPushes,
);

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
