import packageJson from '../../package.json' with { type: 'json' };

/**
 * The oldest Node the command line runs on, read from package.json's `engines` (the one place it
 * is written; .nvmrc, the README and CI's install agree with it, which a test checks). 22.16 is
 * the first whose `node:sqlite` has FTS5, which the history's search needs: 22.13 unflagged
 * node:sqlite without it ("no such module: fts5"). Electron Forge needs 22.13.
 */
export const MINIMUM_NODE = minimumOf(packageJson.engines.node);

function minimumOf(range: string): [number, number] {
  const match = /^>=\s*(\d+)\.(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`package.json's engines.node is "${range}"; it must read ">=MAJOR.MINOR".`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * One line for a Node too old to run the command line, before anything that needs a newer one is
 * loaded (an older Node fails to import node:sqlite, with a message that says nothing of why);
 * null when `version` (process.versions.node) is new enough.
 */
export function nodeVersionProblem(version: string, executable: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  const needed = `${needMajor}.${needMinor}`;
  return `eventdesk needs Node.js ${needed} or newer, and found Node.js ${version} (${executable}). Install Node.js ${needMajor} LTS or later from https://nodejs.org/ (or \`nvm install ${needMajor}\`), then run eventdesk again.`;
}
