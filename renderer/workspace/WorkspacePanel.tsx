import './workspace.css';
import { useState, type KeyboardEvent } from 'react';
import { problemText } from '../../features/workspace/common/workspace-json.ts';
import type { WorkspaceFile, WorkspaceListing } from '../../features/workspace/common/workspace.ts';
import { useFileOpening } from '../composer/opening/opening.ts';
import { useActiveBatch } from '../base/state/composer.ts';
import { useUi } from '../base/state/ui.ts';
import { useWorkspace } from '../base/data/workspace-queries.ts';
import { pathInWorkspace } from '../base/data/workspace-reload.ts';
import { rowForKey, treeRows, type TreeRow } from './workspace-tree.ts';

const KIND_WORDS = { environment: 'Environment', batch: 'Batch', plan: 'Plan', scenario: 'Scenario' } as const;

function rowText(row: TreeRow): string {
  if (row.type === 'file') return row.file.title;
  if (row.type === 'group') return `${row.label} (${row.count})`;
  return row.label;
}

/** What a file's row says on hover: its kind and path, and what it is to the workspace. */
function fileTitle(file: WorkspaceFile, listing: WorkspaceListing): string {
  const role =
    file.kind === 'batch'
      ? ' · Enter opens it'
      : file.kind === 'scenario'
        ? ' · Enter shows it in Runs'
        : file.kind === 'plan' && file.path === listing.manifest.plan
          ? " · the workspace's plan (eventdesk.json), for the environments that name none"
          : '';
  return `${KIND_WORDS[file.kind]}: ${file.path}${role}`;
}

/** The open workspace in the sidebar: its name, its files as a tree the arrow keys walk, and its problems. Nothing shows without a workspace. */
export function WorkspacePanel() {
  const listing = useWorkspace().data;
  if (!listing) return null;
  return <OpenWorkspace listing={listing} />;
}

function OpenWorkspace({ listing }: { listing: WorkspaceListing }) {
  const { openWorkspaceBatch } = useFileOpening();
  const active = useActiveBatch();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const rows = treeRows(listing, collapsed);
  const focusAt = Math.max(
    0,
    rows.findIndex((row) => row.id === focusId),
  );
  const activePath = active?.filePath ? pathInWorkspace(listing.root, active.filePath) : null;
  const { name } = listing.manifest;

  const toggle = (id: string, expand: boolean) =>
    setCollapsed((before) => (expand ? new Set([...before].filter((other) => other !== id)) : new Set([...before, id])));
  const activate = (row: TreeRow) => {
    if (row.type === 'file' && row.file.kind === 'batch') void openWorkspaceBatch(row.file.path);
    else if (row.type === 'file' && row.file.kind === 'scenario') useUi.getState().show('runs');
    else if (row.type === 'group' || row.type === 'folder') toggle(row.id, !row.expanded);
  };
  const focusRow = (tree: HTMLElement, index: number) => {
    setFocusId(rows[index]!.id);
    tree.querySelectorAll<HTMLElement>('[role="treeitem"]')[index]?.focus();
  };

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const row = rows[focusAt];
    if (!row) return;
    const expandable = row.type === 'group' || row.type === 'folder';
    if (event.key === 'Enter' || event.key === ' ') activate(row);
    else if (event.key === 'ArrowRight' && expandable && !row.expanded) toggle(row.id, true);
    else if (event.key === 'ArrowRight' && expandable) focusRow(event.currentTarget, Math.min(focusAt + 1, rows.length - 1));
    else if (event.key === 'ArrowLeft' && expandable && row.expanded) toggle(row.id, false);
    else {
      const to = rowForKey(rows, focusAt, event.key);
      if (to === null) return;
      focusRow(event.currentTarget, to);
    }
    event.preventDefault();
  }

  return (
    <section className="workspace-panel" aria-labelledby="workspace-heading" data-testid="workspace-panel">
      <h2 id="workspace-heading" title={listing.root}>
        <span className="workspace-label">Workspace</span> {name}
      </h2>
      <ul className="workspace-tree" role="tree" aria-label={`Files of the workspace ${name}`} onKeyDown={onKeyDown}>
        {rows.map((row, index) => {
          const expandable = row.type === 'group' || row.type === 'folder';
          const current = row.type === 'file' && row.file.path === activePath;
          return (
            <li
              key={row.id}
              role="treeitem"
              aria-level={row.level}
              aria-expanded={expandable ? row.expanded : undefined}
              aria-selected={current}
              aria-disabled={row.type === 'empty' || undefined}
              tabIndex={index === focusAt ? 0 : -1}
              className={`tree-row ${row.type}${row.type === 'file' ? ` ${row.file.kind}` : ''}`}
              style={{ paddingInlineStart: `${(row.level - 1) * 14 + 6}px` }}
              title={row.type === 'file' ? fileTitle(row.file, listing) : undefined}
              onClick={() => {
                setFocusId(row.id);
                activate(row);
              }}
            >
              {expandable && (
                <span className="twisty" aria-hidden>
                  {row.expanded ? '▾' : '▸'}
                </span>
              )}
              <span className="tree-label">{rowText(row)}</span>
              {row.type === 'file' && row.problems > 0 && (
                <span className="badge problem-count" aria-label={`${row.problems} ${row.problems === 1 ? 'problem' : 'problems'}`}>
                  {row.problems}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {listing.problems.length > 0 && (
        <section className="workspace-problems" aria-labelledby="workspace-problems-heading">
          <h3 id="workspace-problems-heading">
            {listing.problems.length} {listing.problems.length === 1 ? 'problem' : 'problems'}
          </h3>
          <ul>
            {listing.problems.map((problem, index) => (
              <li key={index}>{problemText(problem)}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
