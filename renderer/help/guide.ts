import GithubSlugger from 'github-slugger';
import { Lexer, type Token } from 'marked';
import type { GuidePlace } from '../base/state/help.ts';

/**
 * The guide (docs/guide/) and the command reference (docs/cli.md), built into the app so Help
 * works offline and always matches the version installed. Pages are named by their path under
 * docs/, as their links name each other; each is read into tokens once, by marked's lexer, and
 * cut into sections at its headings for the search.
 */

const texts = {
  ...import.meta.glob<string>('../../docs/guide/*.md', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../docs/cli.md', { query: '?raw', import: 'default', eager: true }),
};
const imageUrls = import.meta.glob<string>('../../docs/guide/images/*.png', { query: '?url', import: 'default', eager: true });

const DOCS_PREFIX = '../../docs/';

export interface GuideSection {
  page: string;
  /** The heading's anchor, as GitHub makes it; null for what comes before the first subheading. */
  anchor: string | null;
  heading: string;
  /** The section's words, as plain text, for the search. */
  text: string;
}

export interface GuidePage {
  path: string;
  title: string;
  tokens: Token[];
  /** Each heading's anchor, as GitHub makes them (a repeated heading gets -1, -2…). */
  anchors: ReadonlyMap<Token, string>;
  sections: GuideSection[];
}

/** Tokens whose text stands apart from its neighbours' (inline ones run on: `The **Events** view`). */
const BLOCKS = new Set(['paragraph', 'heading', 'list', 'list_item', 'table', 'code', 'blockquote', 'html', 'space', 'hr']);

/** A token's text, its children's included. */
function textOf(token: Token): string {
  const nested = token as { tokens?: Token[]; items?: Token[]; header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][]; text?: string };
  if (nested.tokens) return plainText(nested.tokens);
  if (nested.items) return plainText(nested.items);
  if (nested.header) return [...nested.header, ...(nested.rows ?? []).flat()].map((cell) => plainText(cell.tokens)).join(' ');
  return token.type === 'html' ? '' : (nested.text ?? '');
}

/** The plain text of tokens: what a reader sees, without the marks. */
export function plainText(tokens: readonly Token[]): string {
  return tokens.map((token) => (BLOCKS.has(token.type) ? ` ${textOf(token)} ` : textOf(token))).join('');
}

function readPage(path: string, text: string): GuidePage {
  const tokens = Lexer.lex(text);
  const slugger = new GithubSlugger();
  const sections: GuideSection[] = [];
  const anchors = new Map<Token, string>();
  let title = path;
  let current: GuideSection = { page: path, anchor: null, heading: path, text: '' };
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = plainText((token as { tokens: Token[] }).tokens).trim();
      const anchor = slugger.slug(heading);
      anchors.set(token, anchor);
      if ((token as { depth: number }).depth === 1) {
        title = heading;
        current.heading = heading;
        continue;
      }
      sections.push(current);
      current = { page: path, anchor, heading, text: '' };
      continue;
    }
    current.text += ` ${plainText([token])}`;
  }
  sections.push(current);
  for (const section of sections) section.text = section.text.replace(/\s+/g, ' ').trim();
  return { path, title, tokens, anchors, sections: sections.filter((section) => section.anchor !== null || section.text !== '') };
}

export const GUIDE_PAGES: ReadonlyMap<string, GuidePage> = new Map(
  Object.entries(texts)
    .map(([file, text]) => readPage(file.slice(DOCS_PREFIX.length), text))
    .map((page) => [page.path, page] as const),
);

/** A page's images, by their path under docs/ (`guide/images/sending.png`), as the app serves them. */
export function imageUrl(path: string): string | null {
  return imageUrls[`${DOCS_PREFIX}${path}`] ?? null;
}

/**
 * Where a link on `page` leads: a place in the guide, the address of an outside page (shown,
 * not opened: the app opens no browser on its own), or a file of the repository the app does
 * not carry (named, so it can be found there).
 */
export type LinkTarget = { kind: 'guide'; place: GuidePlace } | { kind: 'web'; url: string } | { kind: 'repository'; path: string };

export function linkTarget(page: string, href: string): LinkTarget {
  if (/^https?:\/\//i.test(href)) return { kind: 'web', url: href };
  const [target = '', anchor = null] = href.split('#', 2);
  const path = target === '' ? page : resolvePath(page, target);
  if (GUIDE_PAGES.has(path)) return { kind: 'guide', place: { page: path, anchor } };
  return { kind: 'repository', path: `docs/${path}` };
}

/** `target` read from the folder of `page`, both under docs/: `../cli.md` from `guide/x.md` is `cli.md`. */
export function resolvePath(page: string, target: string): string {
  const parts = page.split('/').slice(0, -1);
  for (const part of decodeURIComponent(target).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

export interface SearchHit {
  section: GuideSection;
  title: string;
  /** Some words around the first match. */
  excerpt: string;
}

const EXCERPT_BEFORE = 60;
const EXCERPT_LENGTH = 180;
export const MOST_HITS = 50;

/** Whether `word` starts a word of `text` (both lower case). */
function startsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) if (at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!)) return true;
  return false;
}

/** Every section with its heading and text in lower case, made once: the search reads them at each keystroke. */
const SEARCHED = [...GUIDE_PAGES.values()].flatMap((page) =>
  page.sections.map((section) => ({ section, title: page.title, heading: section.heading.toLowerCase(), text: section.text.toLowerCase() })),
);

/** The longest query the search takes (the Help screen's box holds no more). */
export const QUERY_LIMIT = 200;

/**
 * The sections holding every word of `query` (any case), in the guide's order, but those whose
 * heading starts words with more of the words searched first.
 */
export function searchGuide(query: string): SearchHit[] {
  const words = [...new Set(query.slice(0, QUERY_LIMIT).toLowerCase().split(/\s+/).filter(Boolean))];
  if (words.length === 0) return [];
  const hits: (SearchHit & { score: number })[] = [];
  for (const { section, title, heading, text } of SEARCHED) {
    if (!words.every((word) => heading.includes(word) || text.includes(word))) continue;
    const at = Math.max(0, text.indexOf(words[0]!) - EXCERPT_BEFORE);
    const excerpt = section.text.slice(at, at + EXCERPT_LENGTH);
    hits.push({
      section,
      title,
      excerpt: `${at > 0 ? '…' : ''}${excerpt}${at + EXCERPT_LENGTH < section.text.length ? '…' : ''}`,
      score: words.filter((word) => startsWord(heading, word)).length,
    });
  }
  return hits
    .sort((a, b) => b.score - a.score)
    .slice(0, MOST_HITS)
    .map(({ section, title, excerpt }) => ({ section, title, excerpt }));
}
