import { describe, expect, it } from 'vitest';
import { rowForKey, treeRows } from '../../../renderer/workspace/workspace-tree.ts';
import type { WorkspaceFile, WorkspaceListing } from '../../../features/workspace/common/workspace.ts';

const manifest = { format: 'eventdesk.workspace' as const, version: 1 as const, name: 'Shop events', defaultEnvironment: null, plan: null };

function listing(files: WorkspaceFile[], problems: WorkspaceListing['problems'] = []): WorkspaceListing {
  return { root: '/work/shop', manifest, files, problems };
}

const batch = (path: string): WorkspaceFile => ({
  kind: 'batch',
  path,
  title: path
    .split('/')
    .pop()!
    .replace(/\.(nd)?json$/, ''),
});

const shown = (rows: ReturnType<typeof treeRows>) => rows.map((row) => `${'  '.repeat(row.level - 1)}${row.type === 'file' ? row.file.title : row.label}`);

describe("the sidebar's tree of a workspace", () => {
  it('groups environments, batches, plans and scenarios, with the folders of batches as levels', () => {
    const files = [
      { kind: 'environment' as const, path: 'environments/qa.env.json', title: 'QA' },
      batch('batches/a.json'),
      batch('batches/checkout/b.json'),
      batch('batches/checkout/refunds/c.ndjson'),
      batch('batches/checkout/d.json'),
      batch('batches/z.json'),
      { kind: 'plan' as const, path: 'plans/shop.plan.json', title: 'shop' },
      { kind: 'scenario' as const, path: 'scenarios/smoke.scenario.json', title: 'Smoke' },
    ];
    expect(shown(treeRows(listing(files), new Set()))).toEqual([
      'Environments',
      '  QA',
      'Batches',
      '  a',
      '  checkout',
      '    b',
      '    refunds',
      '      c',
      '    d',
      '  z',
      'Plans',
      '  shop',
      'Scenarios',
      '  Smoke',
    ]);
  });

  it('hides what a collapsed group or folder holds', () => {
    const files = [batch('batches/checkout/b.json'), batch('batches/checkout/refunds/c.json'), batch('batches/z.json')];
    expect(shown(treeRows(listing(files), new Set(['batches/checkout'])))).toEqual([
      'Environments',
      '  No environments yet: add environments/*.env.json',
      'Batches',
      '  checkout',
      '  z',
      'Plans',
      '  No tracking plans yet: add plans/*.plan.json',
      'Scenarios',
      '  No scenarios yet: add scenarios/*.scenario.json',
    ]);
    expect(shown(treeRows(listing(files), new Set(['batches', 'environments', 'plans', 'scenarios'])))).toEqual([
      'Environments',
      'Batches',
      'Plans',
      'Scenarios',
    ]);
  });

  it('counts the problems of each file', () => {
    const rows = treeRows(
      listing(
        [{ kind: 'scenario', path: 'scenarios/bad.scenario.json', title: 'bad' }],
        [
          { path: 'scenarios/bad.scenario.json', line: 3, column: 5, message: 'x' },
          { path: 'scenarios/bad.scenario.json', line: 4, column: 5, message: 'y' },
        ],
      ),
      new Set(),
    );
    expect(rows.find((row) => row.type === 'file')).toMatchObject({ problems: 2 });
  });

  it('moves the keyboard down, up, to the ends, and left to the row holding this one', () => {
    const rows = treeRows(listing([batch('batches/checkout/b.json')]), new Set());
    // Environments, its empty row, Batches, checkout, b, Plans, its empty row, Scenarios, its empty row.
    expect(rowForKey(rows, 4, 'ArrowLeft')).toBe(3);
    expect(rowForKey(rows, 3, 'ArrowLeft')).toBe(2);
    expect(rowForKey(rows, 0, 'ArrowUp')).toBe(0);
    expect(rowForKey(rows, 8, 'ArrowDown')).toBe(8);
    expect(rowForKey(rows, 3, 'End')).toBe(8);
    expect(rowForKey(rows, 3, 'Home')).toBe(0);
    expect(rowForKey(rows, 3, 'a')).toBeNull();
  });
});
