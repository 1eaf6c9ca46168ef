import { describe, expect, it } from 'vitest';
import { menuTemplate, type MenuContext, type MenuEntry } from '../../../app/electron-main/menu-template.ts';

const context: MenuContext = { platform: 'linux', packaged: true, recent: [], recentWorkspaces: [], theme: 'system', appName: 'EventDesk' };

function submenu(entries: MenuEntry[], label: string): MenuEntry[] {
  const found = entries.find((entry) => entry.kind === 'submenu' && entry.label.replaceAll('&', '') === label);
  if (found?.kind !== 'submenu') throw new Error(`no ${label} menu`);
  return found.entries;
}

const workspace = (name: string, root: string) => ({ name, root, openedAt: '2026-11-22T10:00:00.000Z' });

describe('File → Open Recent Workspace', () => {
  it('lists the recent workspaces by name, the folder beside a name two of them share', () => {
    const recentWorkspaces = [workspace('Shop events', '/work/shop'), workspace('QA', '/work/qa-1'), workspace('QA', '/work/qa-2')];
    const entries = submenu(submenu(menuTemplate({ ...context, recentWorkspaces }), 'File'), 'Open Recent Workspace');
    expect(entries).toEqual([
      { kind: 'recentWorkspace', root: '/work/shop', label: 'Shop events' },
      { kind: 'recentWorkspace', root: '/work/qa-1', label: 'QA (/work/qa-1)' },
      { kind: 'recentWorkspace', root: '/work/qa-2', label: 'QA (/work/qa-2)' },
    ]);
  });

  it("says when there is none, and keeps a name's & from becoming a mnemonic", () => {
    expect(submenu(submenu(menuTemplate(context), 'File'), 'Open Recent Workspace')).toEqual([{ kind: 'placeholder', label: 'No recent workspaces' }]);
    const entries = submenu(submenu(menuTemplate({ ...context, recentWorkspaces: [workspace('R&D', '/work/rd')] }), 'File'), 'Open Recent Workspace');
    expect(entries).toEqual([{ kind: 'recentWorkspace', root: '/work/rd', label: 'R&&D' }]);
  });
});
