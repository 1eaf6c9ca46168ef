import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import { WorkspacePathSchema } from '../common/workspace.ts';

/**
 * A workspace's paths: a relative path turned into a file inside the root, never outside it
 * (no `..`, no absolute path, no link leading out), and the atomic write of a workspace file.
 */

/** The same file seen from inside a folder (true for the folder itself). */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The real path of `file`, or of its nearest existing folder with the rest of the path after it. */
async function realPathOf(file: string): Promise<string> {
  const rest: string[] = [];
  let existing = file;
  for (;;) {
    try {
      return path.join(await realpath(existing), ...rest.reverse());
    } catch (error) {
      const parent = path.dirname(existing);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === existing) throw error;
      rest.push(path.basename(existing));
      existing = parent;
    }
  }
}

/**
 * The absolute path of `relative` (forward slashes, from the root) inside the workspace at
 * `root`. Throws `workspace-path-outside` for `..`, an absolute path or backslashes, and for a
 * path that a link (of it or of a folder on the way) leads out of the workspace.
 */
export async function resolveInside(root: string, relative: string): Promise<string> {
  if (!WorkspacePathSchema.safeParse(relative).success) {
    throw new AppError(
      'workspace-path-outside',
      `"${relative}" is not a path inside the workspace: write it from the workspace's folder, with forward slashes and no "..".`,
    );
  }
  const file = path.join(root, ...relative.split('/'));
  const [realRoot, realFile] = await Promise.all([realpath(root), realPathOf(file)]);
  if (!isInside(realRoot, realFile)) {
    throw new AppError(
      'workspace-path-outside',
      `${relative} leads out of the workspace through a link (to ${realFile}); EventDesk reads and writes only inside ${root}.`,
    );
  }
  return file;
}

let temporaries = 0;

/**
 * Writes a workspace file whole or not at all, through a temporary file beside it renamed over
 * it: a program watching the folder (git, an editor, EventDesk's own watcher) never sees half a
 * file. The temporary's name starts with a dot, which a workspace's listing and watcher skip.
 */
export async function writeWorkspaceFile(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${++temporaries}.tmp`);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code ?? 'failed';
    throw new AppError('workspace-unwritable', `Cannot write ${file} (${code}): check the folder's permissions and the free space.`, (error as Error).message);
  }
}

/** As large as a batch file the app opens. */
const MAX_TEXT_BYTES = 200 * 1024 * 1024;

/**
 * A file of the workspace as text, by its path relative to the root: never outside it, never
 * larger than a batch the app opens, an AppError saying which file and why otherwise. The app's
 * workspace service and a run of scenarios read through it alike.
 */
export async function readWorkspaceText(root: string, relative: string): Promise<string> {
  const file = await resolveInside(root, relative);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile())
    throw new AppError('file-missing', `${relative}: there is no such file in the workspace (${root}). Check the path, relative to the workspace's root.`);
  if (info.size > MAX_TEXT_BYTES)
    throw new AppError(
      'file-too-large',
      `${relative} is ${(info.size / 1024 / 1024).toFixed(0)} MB; EventDesk reads files up to ${MAX_TEXT_BYTES / 1024 / 1024} MB.`,
    );
  return readFile(file, 'utf8');
}
