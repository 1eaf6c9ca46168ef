import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageDialogs } from './page-dialogs.ts';
import type { PathQuestion } from './path-question.ts';

/** The harness's file dialogs for a person in a browser: each asks the page for a path. */

afterEach(() => {
  vi.restoreAllMocks();
});

const folder = path.resolve('/work/folder');

function asking() {
  const asked: PathQuestion[] = [];
  const page = createPageDialogs((question) => (asked.push(question), true), folder);
  return { asked, page };
}

describe("the harness's path dialogs", () => {
  it('ask the page for one file, start at the folder, and take a relative path from it', async () => {
    const { asked, page } = asking();
    const chosen = page.dialogs.chooseFileToOpen('batch');
    expect(asked).toEqual([{ id: '1', kind: 'open', title: 'Open a batch file', suggested: `${folder}${path.sep}` }]);
    expect(page.answer({ id: '1', paths: ['  batches/purchase.json '] })).toBe(true);
    expect(await chosen).toBe(path.join(folder, 'batches', 'purchase.json'));
    expect(page.answer({ id: '1', paths: ['again.json'] })).toBe(false);
  });

  it('offer the name the app suggests for a save, and take several paths a line each, blank lines left out', async () => {
    const { asked, page } = asking();
    const saved = page.dialogs.chooseFileToSave('../captured.har');
    expect(asked[0]).toMatchObject({ kind: 'save', title: 'Save as', suggested: path.join(folder, 'captured.har') });
    page.answer({ id: asked[0]!.id, paths: ['/tmp/out.har'] });
    expect(await saved).toBe('/tmp/out.har');
    const many = page.dialogs.chooseFilesToOpen('events');
    page.answer({ id: asked[1]!.id, paths: ['/tmp/a.json', '', 'b.json'] });
    expect(await many).toEqual(['/tmp/a.json', path.join(folder, 'b.json')]);
  });

  it('are cancelled by Cancel, by an answer of nothing, and when the harness closes', async () => {
    const { asked, page } = asking();
    const cancelled = page.dialogs.chooseFileToOpen('plan');
    page.answer({ id: asked[0]!.id, paths: null });
    expect(await cancelled).toBeNull();
    const empty = page.dialogs.chooseFilesToOpen('workspace');
    page.answer({ id: asked[1]!.id, paths: ['  '] });
    expect(await empty).toEqual([]);
    const closing = page.dialogs.chooseFileToSave('batch.json');
    page.cancelAll();
    expect(await closing).toBeNull();
  });

  it('with no page open to ask, cancel at once and say so in the log', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const page = createPageDialogs(() => false, folder);
    expect(await page.dialogs.chooseFilesToOpen('workspace')).toEqual([]);
    expect(logged).toHaveBeenCalledWith('"Open a workspace folder" was cancelled: no page of the harness is open to ask for a path.');
  });
});
