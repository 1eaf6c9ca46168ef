import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Lexer, walkTokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { GUIDE_SECTIONS } from '../../../renderer/base/guide-sections.ts';
import { GUIDE_START } from '../../../renderer/base/state/help.ts';
import { GUIDE_PAGES, imageUrl, linkTarget, plainText, QUERY_LIMIT, resolvePath, searchGuide } from '../../../renderer/help/guide.ts';

const docs = path.resolve(import.meta.dirname, '../../../docs');

describe('the guide built into the app', () => {
  it('holds every page of docs/guide and the command reference, each titled by its heading', () => {
    const pages = readdirSync(path.join(docs, 'guide')).filter((name) => name.endsWith('.md'));
    expect([...GUIDE_PAGES.keys()].sort()).toEqual(['cli.md', ...pages.map((name) => `guide/${name}`)].sort());
    expect(GUIDE_PAGES.get(GUIDE_START.page)?.title).toBe('EventDesk guide');
    expect(GUIDE_PAGES.get('guide/troubleshooting.md')?.title).toBe('Troubleshooting');
    expect(GUIDE_PAGES.get('cli.md')?.title).toBe('Command reference');
  });

  it('gives headings the anchors GitHub gives them, a repeated one numbered', () => {
    const anchors = [...GUIDE_PAGES.get('guide/troubleshooting.md')!.anchors.values()];
    expect(anchors).toContain('port-in-use');
    expect(anchors).toContain('413-payload-too-large-and-429-too-many-requests');
    expect(new Set(anchors).size).toBe(anchors.length);
    expect([...GUIDE_PAGES.get('guide/workspaces.md')!.anchors.values()]).toEqual(expect.arrayContaining(['eventdesk-run', 'in-ci-github-actions']));
    // Marks inside a heading run on with its words, as GitHub reads them.
    expect(plainText(Lexer.lexInline('The **Events** `view`')).trim()).toBe('The Events view');
    expect(plainText(Lexer.lex('- one\n- two')).replace(/\s+/g, ' ').trim()).toBe('one two');
  });

  it('follows links between its pages, and names what lies outside it', () => {
    expect(resolvePath('guide/composing.md', '../cli.md')).toBe('cli.md');
    expect(linkTarget('guide/composing.md', '../cli.md#eventdesk-validate')).toEqual({
      kind: 'guide',
      place: { page: 'cli.md', anchor: 'eventdesk-validate' },
    });
    expect(linkTarget('guide/capture.md', 'sandbox.md')).toEqual({ kind: 'guide', place: { page: 'guide/sandbox.md', anchor: null } });
    expect(linkTarget('guide/capture.md', '#replay')).toEqual({ kind: 'guide', place: { page: 'guide/capture.md', anchor: 'replay' } });
    expect(linkTarget('guide/tracking-plans.md', '../plan.schema.json')).toEqual({ kind: 'repository', path: 'docs/plan.schema.json' });
    expect(linkTarget('guide/README.md', 'https://nodejs.org/')).toEqual({ kind: 'web', url: 'https://nodejs.org/' });
  });

  it('carries the images its pages show', () => {
    let images = 0;
    for (const page of GUIDE_PAGES.values())
      walkTokens(page.tokens, (token) => {
        if (token.type !== 'image') return;
        images++;
        expect(imageUrl(resolvePath(page.path, token.href)), `${page.path}: ${token.raw}`).not.toBeNull();
      });
    expect(images).toBeGreaterThan(3);
  });

  it('finds the sections holding every word searched, in any case, those whose heading starts more of the words first', () => {
    const hits = searchGuide('PORT in use');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.section).toMatchObject({ page: 'guide/troubleshooting.md', anchor: 'port-in-use' });
    for (const hit of hits) for (const word of ['port', 'in', 'use']) expect(`${hit.section.heading} ${hit.section.text}`.toLowerCase()).toContain(word);
    expect(searchGuide('')).toEqual([]);
    // A word said twice is one word; a pasted page of text is read up to the box's limit.
    expect(searchGuide('port port in use')).toEqual(hits);
    expect(searchGuide(`port in use${' '.repeat(QUERY_LIMIT)}xyzzy`)).toEqual(hits);
    expect(searchGuide('xyzzy-not-in-any-page')).toEqual([]);
    expect(searchGuide('the').length).toBe(50);
  });
});

describe('the error codes the guide mends', () => {
  it.each(Object.entries(GUIDE_SECTIONS))('%s leads to a heading that exists', (_code, place) => {
    const page = GUIDE_PAGES.get(place!.page);
    expect(page, place!.page).toBeDefined();
    expect([...page!.anchors.values()]).toContain(place!.anchor);
  });
});
