import { z } from 'zod';
import { NoInput, type ChannelSchemas, type PushSchemas } from '../../../base/common/contract.ts';
import { OpenedFileSchema } from '../../documents/common/files.ts';
import { RecentWorkspaceSchema, WorkspaceChangeSchema, WorkspaceFileRequestSchema, WorkspaceListingSchema } from './workspace-schema.ts';

export const workspaceChannels = {
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
} as const satisfies ChannelSchemas;

export const workspacePushes = {
  /** The open workspace was opened (a menu, the command line), closed, or its files changed on disk (a git pull). */
  'workspace:changed': WorkspaceChangeSchema,
} as const satisfies PushSchemas;
