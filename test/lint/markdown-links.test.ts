import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, walkTokens, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

/**
 * Every link between the repository's Markdown files resolves: the file is there, inside the
 * repository, and an anchor names a heading of it, as GitHub makes heading anchors
 * (github-slugger). Files and headings are read by marked's lexer, not by a pattern of ours, so
 * a link inside code is no link and a `#` comment in a shell block is no heading.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SKIPPED = new Set(['node_modules', '.git', '.vite', 'out', 'dist', 'test-results', 'playwright-report']);

async function markdownFiles(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.md')) found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

interface Parsed {
  anchors: Set<string>;
  links: string[];
}

const parsed = new Map<string, Parsed>();

function parse(file: string): Parsed {
  const known = parsed.get(file);
  if (known) return known;
  const slugger = new GithubSlugger();
  const result: Parsed = { anchors: new Set(), links: [] };
  walkTokens(Lexer.lex(readFileSync(path.join(root, file), 'utf8')), (token) => {
    if (token.type === 'heading') result.anchors.add(slugger.slug((token as Tokens.Heading).text.replace(/`/g, '')));
    if (token.type === 'link' || token.type === 'image') result.links.push((token as Tokens.Link).href);
  });
  parsed.set(file, result);
  return result;
}

/** What is wrong with a link from `file`, or null when it resolves. */
function problem(file: string, href: string): string | null {
  if (/^(?:https?|mailto):/.test(href)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return `${href}: a link of another scheme`;
  const [target = '', anchor] = href.split('#', 2);
  const resolved = target === '' ? file : path.normalize(path.join(path.dirname(file), decodeURIComponent(target)));
  if (resolved.startsWith('..') || path.isAbsolute(resolved)) return `${href}: outside the repository`;
  const found = statSync(path.join(root, resolved), { throwIfNoEntry: false });
  if (!found) return `${href}: ${resolved} does not exist`;
  if (anchor !== undefined) {
    if (!found.isFile()) return `${href}: an anchor into a folder`;
    if (!resolved.endsWith('.md')) return `${href}: an anchor into a file that is not Markdown`;
    if (!parse(resolved).anchors.has(anchor)) return `${href}: ${resolved} has no heading whose anchor is #${anchor}`;
  }
  return null;
}

describe('links between Markdown files', async () => {
  const files = await markdownFiles();

  it('are found in the README and the guide', () => {
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.startsWith(`docs${path.sep}guide`)).length).toBeGreaterThan(8);
    expect(parse('README.md').links.length).toBeGreaterThan(10);
  });

  it.each(files)('resolve in %s', (file) => {
    const problems = parse(file)
      .links.map((href) => problem(file, href))
      .filter((found) => found !== null);
    expect(problems).toEqual([]);
  });
});
