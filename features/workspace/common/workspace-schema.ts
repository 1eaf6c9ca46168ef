import { z } from 'zod';
import {
  WORKSPACE_KINDS,
  WorkspaceManifestSchema,
  WorkspacePathSchema,
  type WorkspaceFile,
  type WorkspaceListing,
  type WorkspaceProblem,
} from './workspace.ts';

/**
 * The workspace contract's types as zod schemas, for what crosses IPC (the open workspace, the
 * recent ones, what changed on disk). Each is checked against its interface in workspace.ts, so
 * the two cannot drift apart.
 */

const KindSchema = z.enum(Object.keys(WORKSPACE_KINDS) as [keyof typeof WORKSPACE_KINDS, ...(keyof typeof WORKSPACE_KINDS)[]]);

export const WorkspaceFileSchema = z.object({ kind: KindSchema, path: z.string(), title: z.string() }) satisfies z.ZodType<WorkspaceFile>;

export const WorkspaceProblemSchema = z.object({
  path: z.string(),
  line: z.number().int().min(1).nullable(),
  column: z.number().int().min(1).nullable(),
  message: z.string(),
}) satisfies z.ZodType<WorkspaceProblem>;

export const WorkspaceListingSchema = z.object({
  root: z.string(),
  manifest: WorkspaceManifestSchema,
  files: z.array(WorkspaceFileSchema),
  problems: z.array(WorkspaceProblemSchema),
}) satisfies z.ZodType<WorkspaceListing>;

/** A workspace opened before, as the recent list keeps it. */
export const RecentWorkspaceSchema = z.object({ root: z.string(), name: z.string(), openedAt: z.string() });
export type RecentWorkspace = z.infer<typeof RecentWorkspaceSchema>;

/**
 * The open workspace changed: opened, closed (`listing` null), or its files changed on disk,
 * `changed` naming them (relative to its root, forward slashes; empty when it was opened or closed).
 */
export const WorkspaceChangeSchema = z.object({ listing: WorkspaceListingSchema.nullable(), changed: z.array(z.string()) });
export type WorkspaceChangeEvent = z.infer<typeof WorkspaceChangeSchema>;

/** A file of the open workspace, named by the page only by its path from the root. */
export const WorkspaceFileRequestSchema = z.object({ path: WorkspacePathSchema });
