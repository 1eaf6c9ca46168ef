import { describe, expect, it } from 'vitest';
import { commandIds, commands, type CommandGroup } from '../../../app/common/commands.ts';
import type { RecentFile } from '../../../features/documents/common/files.ts';
import { menuTemplate, runsInMain, type MenuContext, type MenuEntry } from '../../../app/electron-main/menu-template.ts';

const context: MenuContext = { platform: 'linux', packaged: true, recent: [], recentWorkspaces: [], theme: 'system', appName: 'EventDesk' };

function menu(template: MenuEntry[], label: string): MenuEntry[] {
  const found = template.find((entry) => entry.kind === 'submenu' && entry.label.replace('&', '') === label);
  if (found?.kind !== 'submenu') throw new Error(`no ${label} menu`);
  return found.entries;
}

function flatten(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.kind === 'submenu' ? [entry, ...flatten(entry.entries)] : [entry]));
}

const roles = (entries: MenuEntry[]) => flatten(entries).flatMap((entry) => (entry.kind === 'role' ? [entry.role] : []));
const recent = (name: string, path: string): RecentFile => ({ name, path, openedAt: '2026-11-22T10:00:00.000Z' });

describe('the native menus', () => {
  it.each<[CommandGroup, string]>([
    ['File', 'File'],
    ['Send', 'Send'],
    ['Help', 'Help'],
    ['Edit', 'Edit'],
  ])('hold every %s command, with the title and shortcut the palette shows', (group, label) => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const items = flatten(menu(menuTemplate({ ...context, platform }), label));
      for (const id of commandIds.filter((candidate) => commands[candidate].group === group)) {
        const item = items.find((entry) => entry.kind === 'command' && entry.command === id);
        expect(item, `${id} in ${label} on ${platform}`).toEqual(
          commands[id].keys
            ? { kind: 'command', command: id, label: commands[id].title, accelerator: commands[id].keys }
            : { kind: 'command', command: id, label: commands[id].title },
        );
      }
    }
  });

  it('show send as Ctrl/Cmd+Enter, the palette as Ctrl/Cmd+K and the shortcut sheet as Ctrl/Cmd+/', () => {
    const all = flatten(menuTemplate(context));
    const accelerator = (id: string) => all.find((entry) => entry.kind === 'command' && entry.command === id);
    expect(accelerator('send.send')).toMatchObject({ accelerator: 'CmdOrCtrl+Enter' });
    expect(accelerator('help.palette')).toMatchObject({ accelerator: 'CmdOrCtrl+K' });
    expect(accelerator('help.shortcuts')).toMatchObject({ accelerator: 'CmdOrCtrl+/' });
  });

  it('give every command at most one place, so each menu item means one thing', () => {
    const ids = flatten(menuTemplate(context)).flatMap((entry) => (entry.kind === 'command' || entry.kind === 'choice' ? [entry.command] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('offer the standard edit roles', () => {
    expect(roles(menu(menuTemplate(context), 'Edit'))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
  });

  it('offer the views, the editors, the appearance as one choice, zoom and full screen', () => {
    const view = menu(menuTemplate({ ...context, theme: 'dark' }), 'View');
    const commandsShown = flatten(view).flatMap((entry) => (entry.kind === 'command' ? [entry.command] : []));
    expect(commandsShown).toEqual(['view.composer', 'view.history', 'view.sandbox', 'view.runs', 'view.json', 'view.form']);
    expect(menu(view, 'Appearance')).toEqual([
      { kind: 'choice', command: 'view.theme.system', label: 'Follow the system', checked: false },
      { kind: 'choice', command: 'view.theme.light', label: 'Light', checked: false },
      { kind: 'choice', command: 'view.theme.dark', label: 'Dark', checked: true },
    ]);
    expect(roles(view)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('offer reload and the developer tools only when the app is not packaged', () => {
    const devRoles = ['reload', 'forceReload', 'toggleDevTools'];
    expect(roles(menuTemplate({ ...context, packaged: false }))).toEqual(expect.arrayContaining(devRoles));
    for (const role of devRoles) expect(roles(menuTemplate(context))).not.toContain(role);
  });

  it('list the recent files under File → Open Recent, telling apart two of the same name', () => {
    const files = [recent('signup.json', '/a/signup.json'), recent('R&D.ndjson', '/b/R&D.ndjson'), recent('signup.json', '/c/signup.json')];
    const openRecent = menu(menu(menuTemplate({ ...context, recent: files }), 'File'), 'Open Recent');
    expect(openRecent).toEqual([
      { kind: 'recent', path: '/a/signup.json', label: '/a/signup.json' },
      // A single & would turn the D into a mnemonic and vanish from the label.
      { kind: 'recent', path: '/b/R&D.ndjson', label: 'R&&D.ndjson' },
      { kind: 'recent', path: '/c/signup.json', label: '/c/signup.json' },
    ]);
    expect(menu(menu(menuTemplate(context), 'File'), 'Open Recent')).toEqual([{ kind: 'placeholder', label: 'No recent files' }]);
  });

  it('put Quit in File on Windows and Linux, and an app menu with about, hide and quit on macOS', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const template = menuTemplate({ ...context, platform });
      expect(template.map((entry) => (entry.kind === 'submenu' ? entry.label : entry.kind))).toEqual(['&File', '&Edit', '&View', '&Send', '&Help']);
      expect(roles(menu(template, 'File'))).toEqual(['quit']);
    }
    const mac = menuTemplate({ ...context, platform: 'darwin' });
    expect(mac.map((entry) => (entry.kind === 'submenu' ? entry.label : entry.kind === 'role' ? entry.role : entry.kind))).toEqual([
      'EventDesk',
      '&File',
      '&Edit',
      '&View',
      '&Send',
      'windowMenu',
      '&Help',
    ]);
    expect(roles(menu(mac, 'EventDesk'))).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(roles(menu(mac, 'File'))).toEqual([]);
  });

  it('run the data folder and diagnostics in main, and the rest (the documentation, which the page shows, included) in the page', () => {
    expect(commandIds.filter(runsInMain)).toEqual(['help.dataFolder', 'help.diagnostics']);
  });
});
