import { commands, type CommandId } from '../common/commands.ts';
import type { RecentFile } from '../../features/documents/common/files.ts';
import type { RecentWorkspace } from '../../features/workspace/common/workspace-schema.ts';
import type { ThemeSource } from '../../base/common/appearance.ts';

/**
 * The native menus, described from app/common/commands.ts so a shortcut shown in a menu is the one
 * the palette and the shortcut sheet show. menu.ts turns this description into Electron menus;
 * keeping it plain lets a test read it without Electron.
 */

/** Electron's built-in menu roles the menus use. */
export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'windowMenu';

export type MenuEntry =
  /** Runs a command: in main for the main-only ones (see runsInMain), else pushed to the page as `app:command`. */
  | { kind: 'command'; command: CommandId; label: string; accelerator?: string }
  /** One of a set of exclusive choices (the appearance). */
  | { kind: 'choice'; command: CommandId; label: string; checked: boolean }
  | { kind: 'role'; role: MenuRole }
  | { kind: 'separator' }
  | { kind: 'submenu'; label: string; entries: MenuEntry[] }
  /** Reopens a recent file in main, which pushes it to the page as `files:opened`. */
  | { kind: 'recent'; path: string; label: string }
  /** Reopens a recent workspace in main, which pushes it to the page as `workspace:changed`. */
  | { kind: 'recentWorkspace'; root: string; label: string }
  | { kind: 'placeholder'; label: string };

export interface MenuContext {
  platform: NodeJS.Platform;
  /** Reload and the developer tools are only for unpackaged (development and test) builds. */
  packaged: boolean;
  recent: readonly RecentFile[];
  recentWorkspaces: readonly RecentWorkspace[];
  theme: ThemeSource;
  appName: string;
}

/** Commands main runs itself: they need the OS (file manager, browser, save dialog), not the page. */
export type MainCommand = 'help.dataFolder' | 'help.diagnostics';
const mainCommands: ReadonlySet<CommandId> = new Set<MainCommand>(['help.dataFolder', 'help.diagnostics']);

export function runsInMain(command: CommandId): command is MainCommand {
  return mainCommands.has(command);
}

const themeCommands: Record<ThemeSource, CommandId> = { system: 'view.theme.system', light: 'view.theme.light', dark: 'view.theme.dark' };

const separator: MenuEntry = { kind: 'separator' };
const roles = (...names: MenuRole[]): MenuEntry[] => names.map((role) => ({ kind: 'role', role }));

function command(id: CommandId): MenuEntry {
  const { title, keys } = commands[id];
  return keys ? { kind: 'command', command: id, label: title, accelerator: keys } : { kind: 'command', command: id, label: title };
}

/** A label shows `&` as a mnemonic marker on Windows and Linux; a file name's own `&` must stay one. */
function literal(text: string): string {
  return text.replaceAll('&', '&&');
}

function recentEntries(recent: readonly RecentFile[]): MenuEntry[] {
  if (recent.length === 0) return [{ kind: 'placeholder', label: 'No recent files' }];
  const names = recent.map((file) => file.name);
  // Two recent files of the same name are told apart by their paths.
  return recent.map((file) => ({
    kind: 'recent',
    path: file.path,
    label: literal(names.indexOf(file.name) === names.lastIndexOf(file.name) ? file.name : file.path),
  }));
}

function recentWorkspaceEntries(recent: readonly RecentWorkspace[]): MenuEntry[] {
  if (recent.length === 0) return [{ kind: 'placeholder', label: 'No recent workspaces' }];
  const names = recent.map((workspace) => workspace.name);
  // Two workspaces of the same name (two clones of one repository) are told apart by their folders.
  return recent.map((workspace) => ({
    kind: 'recentWorkspace',
    root: workspace.root,
    label: literal(names.indexOf(workspace.name) === names.lastIndexOf(workspace.name) ? workspace.name : `${workspace.name} (${workspace.root})`),
  }));
}

export function menuTemplate(context: MenuContext): MenuEntry[] {
  const mac = context.platform === 'darwin';
  const appMenu: MenuEntry = {
    kind: 'submenu',
    label: context.appName,
    entries: [...roles('about'), separator, ...roles('services'), separator, ...roles('hide', 'hideOthers', 'unhide'), separator, ...roles('quit')],
  };
  const file: MenuEntry = {
    kind: 'submenu',
    label: '&File',
    entries: [
      command('batch.new'),
      command('batch.open'),
      { kind: 'submenu', label: 'Open &Recent', entries: recentEntries(context.recent) },
      separator,
      command('batch.save'),
      command('batch.saveAs'),
      separator,
      command('batch.import'),
      command('batch.export'),
      separator,
      command('workspace.open'),
      { kind: 'submenu', label: 'Open Recent &Workspace', entries: recentWorkspaceEntries(context.recentWorkspaces) },
      command('workspace.close'),
      separator,
      command('plan.draft'),
      command('plan.inferFromBatch'),
      separator,
      command('batch.close'),
      ...(mac ? [] : [separator, ...roles('quit')]),
    ],
  };
  const events: MenuEntry = {
    kind: 'submenu',
    label: 'E&vents',
    entries: [
      command('events.add'),
      command('events.duplicate'),
      command('events.delete'),
      command('events.moveUp'),
      command('events.moveDown'),
      separator,
      command('events.selectInList'),
      command('events.filter'),
      command('events.keepMatching'),
      command('events.deleteMatching'),
    ],
  };
  const edit: MenuEntry = {
    kind: 'submenu',
    label: '&Edit',
    entries: [
      ...roles('undo', 'redo'),
      command('edit.undo'),
      command('edit.redo'),
      separator,
      ...roles('cut', 'copy', 'paste', 'selectAll'),
      separator,
      command('batch.format'),
      command('batch.preview'),
      separator,
      command('transform.shift'),
      command('transform.pseudonymize'),
      command('transform.set'),
      separator,
      events,
    ],
  };
  const appearance: MenuEntry = {
    kind: 'submenu',
    label: '&Appearance',
    entries: (Object.keys(themeCommands) as ThemeSource[]).map((theme) => {
      const id = themeCommands[theme];
      const label = commands[id].title.replace(/^Appearance: /, '');
      return { kind: 'choice', command: id, label: label[0]!.toUpperCase() + label.slice(1), checked: theme === context.theme };
    }),
  };
  const view: MenuEntry = {
    kind: 'submenu',
    label: '&View',
    entries: [
      command('view.composer'),
      command('view.history'),
      command('view.sandbox'),
      command('view.runs'),
      separator,
      command('view.json'),
      command('view.form'),
      separator,
      appearance,
      separator,
      ...roles('resetZoom', 'zoomIn', 'zoomOut'),
      separator,
      ...roles('togglefullscreen'),
      ...(context.packaged ? [] : [separator, ...roles('reload', 'forceReload', 'toggleDevTools')]),
    ],
  };
  const send: MenuEntry = { kind: 'submenu', label: '&Send', entries: [command('send.send'), command('send.cancel'), command('replay.file')] };
  const help: MenuEntry = {
    kind: 'submenu',
    label: '&Help',
    entries: [
      command('help.docs'),
      command('help.shortcuts'),
      command('help.palette'),
      separator,
      command('help.dataFolder'),
      command('help.diagnostics'),
      separator,
      command('help.about'),
    ],
  };
  // The windowMenu role is a whole menu (minimise, zoom, the open windows), as macOS users expect.
  return mac ? [appMenu, file, edit, view, send, ...roles('windowMenu'), help] : [file, edit, view, send, help];
}
