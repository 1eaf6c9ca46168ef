import { z } from 'zod';
import { PortableSettingsSchema } from '../../environments/common/environment.ts';

/**
 * A workspace is a folder a team keeps in git (issue #18): `eventdesk.json` at its root and plain,
 * diff-friendly files under it. Secrets are never in it: they stay in each person's vault, keyed
 * by workspace and environment. Paths inside a workspace are written relative to its root, with
 * forward slashes, so the same files work on every system.
 */

export const MANIFEST_FILE = 'eventdesk.json';
export const MANIFEST_FORMAT = 'eventdesk.workspace';

/** The kinds of file a workspace holds, where they live and how they are named. */
export const WORKSPACE_KINDS = {
  environment: { folder: 'environments', suffixes: ['.env.json'] },
  batch: { folder: 'batches', suffixes: ['.json', '.ndjson'] },
  plan: { folder: 'plans', suffixes: ['.plan.json'] },
  scenario: { folder: 'scenarios', suffixes: ['.scenario.json'] },
} as const;
export type WorkspaceKind = keyof typeof WORKSPACE_KINDS;

/** A path relative to the workspace's root, forward slashes, never leaving it (no `..`, not absolute). */
export const WorkspacePathSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine((value) => !value.startsWith('/') && !/^[A-Za-z]:/.test(value) && !value.includes('\\') && !value.split('/').includes('..'), {
    message: 'A path in a workspace is relative to its root, with forward slashes, and stays inside it (no "..").',
  });

/** `eventdesk.json`: what the workspace is and what it uses unless told otherwise. */
export const WorkspaceManifestSchema = z.strictObject({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  name: z.string().min(1).max(80),
  /** The environment steps send to unless they name another: an environment's name (environments/<name>.env.json). */
  defaultEnvironment: z.string().min(1).nullable().default(null),
  /** The tracking plan batches are checked against, unless an environment names its own. */
  plan: WorkspacePathSchema.nullable().default(null),
});
export type WorkspaceManifest = z.infer<typeof WorkspaceManifestSchema>;

/**
 * `environments/<name>.env.json`: an environment's settings without its secrets, and without the
 * choices that are each person's own (remember the password, keep secrets without a key store).
 * Only settings that differ from the defaults are written; `plan` is a workspace path.
 */
export const WorkspaceEnvironmentSchema = PortableSettingsSchema.omit({ planFile: true })
  .partial()
  .extend({ name: z.string().min(1).max(80), baseUrl: z.string(), plan: WorkspacePathSchema.nullable().optional() })
  .strict();
export type WorkspaceEnvironment = z.infer<typeof WorkspaceEnvironmentSchema>;

/** A file of the workspace as listed in the sidebar: what it is and where. */
export interface WorkspaceFile {
  kind: WorkspaceKind;
  /** Relative to the root, forward slashes. */
  path: string;
  /** As people call it: the environment's or scenario's name when the file says it, else the file name without its suffix. */
  title: string;
}

/** Something wrong with one file of the workspace: the others still load. */
export interface WorkspaceProblem {
  path: string;
  /** 1-based line and column when the problem has a place in the file. */
  line: number | null;
  column: number | null;
  message: string;
}

/** A workspace as read from disk. */
export interface WorkspaceListing {
  /** The folder, absolute. */
  root: string;
  manifest: WorkspaceManifest;
  files: WorkspaceFile[];
  problems: WorkspaceProblem[];
}
