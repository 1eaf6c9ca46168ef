import {
  WORKSPACE_KINDS,
  type WorkspaceFile,
  type WorkspaceKind,
  type WorkspaceListing,
  type WorkspaceProblem,
} from '../../features/workspace/common/workspace.ts';

/**
 * The sidebar's tree of the open workspace as rows in reading order: a group per kind of file
 * (environments, batches, plans, scenarios), the folders under it, and its files; a group with no file
 * says what to add. A collapsed group or folder hides what is under it. The rows are what the
 * keyboard moves through, so the tree is built here, apart from how it is drawn.
 */

export type TreeRow =
  | { type: 'group'; id: string; label: string; level: 1; expanded: boolean; count: number }
  | { type: 'folder'; id: string; label: string; level: number; expanded: boolean }
  | { type: 'file'; id: string; file: WorkspaceFile; level: number; problems: number }
  | { type: 'empty'; id: string; label: string; level: 2 };

/** The kinds the sidebar lists, in its order, with what to add when there are none. */
const GROUPS: { kind: WorkspaceKind; label: string; empty: string }[] = [
  { kind: 'environment', label: 'Environments', empty: 'No environments yet: add environments/*.env.json' },
  { kind: 'batch', label: 'Batches', empty: 'No batches yet: add batches/*.json' },
  { kind: 'plan', label: 'Plans', empty: 'No tracking plans yet: add plans/*.plan.json' },
  { kind: 'scenario', label: 'Scenarios', empty: 'No scenarios yet: add scenarios/*.scenario.json' },
];

/** How many problems each file has. */
function problemCounts(problems: readonly WorkspaceProblem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const problem of problems) counts.set(problem.path, (counts.get(problem.path) ?? 0) + 1);
  return counts;
}

export function treeRows(listing: WorkspaceListing, collapsed: ReadonlySet<string>): TreeRow[] {
  const counts = problemCounts(listing.problems);
  const rows: TreeRow[] = [];
  for (const group of GROUPS) {
    const files = listing.files.filter((file) => file.kind === group.kind);
    const groupId = WORKSPACE_KINDS[group.kind].folder;
    const expanded = !collapsed.has(groupId);
    rows.push({ type: 'group', id: groupId, label: group.label, level: 1, expanded, count: files.length });
    if (!expanded) continue;
    if (files.length === 0) rows.push({ type: 'empty', id: `${groupId}:empty`, label: group.empty, level: 2 });
    // The folders of the file before: a file under others opens those it does not share with it.
    let open: string[] = [];
    for (const file of files) {
      const folders = file.path.split('/').slice(1, -1);
      let shared = 0;
      while (shared < open.length && shared < folders.length && open[shared] === folders[shared]) shared++;
      open = open.slice(0, shared);
      let hidden = false;
      for (let depth = 0; depth < folders.length && !hidden; depth++) {
        const id = [groupId, ...folders.slice(0, depth + 1)].join('/');
        if (depth >= shared) rows.push({ type: 'folder', id, label: folders[depth]!, level: depth + 2, expanded: !collapsed.has(id) });
        open = folders.slice(0, depth + 1);
        hidden = collapsed.has(id);
      }
      if (!hidden) rows.push({ type: 'file', id: file.path, file, level: folders.length + 2, problems: counts.get(file.path) ?? 0 });
    }
  }
  return rows;
}

/** The row the keyboard goes to from row `at` for `key`, or null when the key is not the tree's. */
export function rowForKey(rows: readonly TreeRow[], at: number, key: string): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(at + 1, rows.length - 1);
    case 'ArrowUp':
      return Math.max(at - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return rows.length - 1;
    case 'ArrowLeft': {
      // To the row holding this one: the nearest row above on a lower level.
      const level = rows[at]?.level ?? 1;
      for (let index = at - 1; index >= 0; index--) if (rows[index]!.level < level) return index;
      return at;
    }
    default:
      return null;
  }
}
