import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { CommandId } from '../common/commands.ts';
import type { MenuEntry } from './menu-template.ts';

/** What the menu items do: menu-template.ts says which item is which; main.ts says what each does. */
export interface MenuActions {
  command(command: CommandId): void;
  openRecent(path: string): void;
  openRecentWorkspace(root: string): void;
}

function toItem(entry: MenuEntry, actions: MenuActions): MenuItemConstructorOptions {
  switch (entry.kind) {
    case 'command':
      // The page handles its own shortcuts (in the app and in a plain browser alike); the menu
      // shows them without registering them, so one key press never runs a command twice.
      return { label: entry.label, accelerator: entry.accelerator, registerAccelerator: false, click: () => actions.command(entry.command) };
    case 'choice':
      return { label: entry.label, type: 'radio', checked: entry.checked, click: () => actions.command(entry.command) };
    case 'role':
      return { role: entry.role };
    case 'separator':
      return { type: 'separator' };
    case 'submenu':
      return { label: entry.label, submenu: entry.entries.map((child) => toItem(child, actions)) };
    case 'recent':
      return { label: entry.label, click: () => actions.openRecent(entry.path) };
    case 'recentWorkspace':
      return { label: entry.label, click: () => actions.openRecentWorkspace(entry.root) };
    case 'placeholder':
      return { label: entry.label, enabled: false };
  }
}

export function installMenu(template: MenuEntry[], actions: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(template.map((entry) => toItem(entry, actions))));
}
