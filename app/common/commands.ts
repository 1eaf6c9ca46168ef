import { z } from 'zod';

/**
 * Every action a user can take by name: the native menus, the command palette (Ctrl/Cmd+K) and
 * the keyboard-shortcut sheet (Ctrl/Cmd+/) all read this one list, so a shortcut shown in one
 * is the shortcut everywhere. `keys` uses Electron's accelerator syntax ("CmdOrCtrl+Shift+S");
 * the renderer matches key events against it with `matchesKeys`.
 */

export const CommandIdSchema = z.enum([
  'batch.new',
  'batch.open',
  'batch.save',
  'batch.saveAs',
  'batch.import',
  'batch.export',
  'batch.close',
  'batch.format',
  'batch.preview',
  'transform.shift',
  'transform.pseudonymize',
  'transform.set',
  'send.send',
  'send.cancel',
  'view.composer',
  'view.history',
  'view.sandbox',
  'view.json',
  'view.form',
  'view.theme.system',
  'view.theme.light',
  'view.theme.dark',
  'history.find',
  'environment.new',
  'environment.edit',
  'session.login',
  'session.logout',
  'help.palette',
  'help.shortcuts',
  'help.about',
  'help.docs',
  'help.dataFolder',
  'help.diagnostics',
  'batch.compare',
  'events.add',
  'events.duplicate',
  'events.delete',
  'events.moveUp',
  'events.moveDown',
  'events.selectInList',
  'events.filter',
  'events.keepMatching',
  'events.deleteMatching',
  'edit.undo',
  'edit.redo',
  'plan.draft',
  'plan.inferFromBatch',
  'replay.file',
  'view.sandboxSettings',
  'workspace.open',
  'workspace.close',
  'view.runs',
]);
export type CommandId = z.infer<typeof CommandIdSchema>;

export type CommandGroup = 'File' | 'Edit' | 'View' | 'Send' | 'History' | 'Environment' | 'Help';

export interface CommandInfo {
  title: string;
  group: CommandGroup;
  /** The shortcut, in Electron accelerator syntax, or none. */
  keys?: string;
}

export const commands: Record<CommandId, CommandInfo> = {
  'batch.new': { title: 'New batch', group: 'File', keys: 'CmdOrCtrl+N' },
  'batch.open': { title: 'Open batch file…', group: 'File', keys: 'CmdOrCtrl+O' },
  'batch.save': { title: 'Save batch', group: 'File', keys: 'CmdOrCtrl+S' },
  'batch.saveAs': { title: 'Save batch as…', group: 'File', keys: 'CmdOrCtrl+Shift+S' },
  'batch.import': { title: 'Import events…', group: 'File', keys: 'CmdOrCtrl+I' },
  'batch.export': { title: 'Export batch…', group: 'File', keys: 'CmdOrCtrl+E' },
  'batch.close': { title: 'Close batch', group: 'File', keys: 'CmdOrCtrl+W' },
  'batch.format': { title: 'Format document', group: 'Edit', keys: 'Shift+Alt+F' },
  'batch.preview': { title: 'Preview resolved templates', group: 'Edit', keys: 'CmdOrCtrl+Shift+P' },
  'transform.shift': { title: 'Shift times…', group: 'Edit' },
  'transform.pseudonymize': { title: 'Pseudonymize…', group: 'Edit' },
  'transform.set': { title: 'Set a field…', group: 'Edit' },
  'send.send': { title: 'Send batch', group: 'Send', keys: 'CmdOrCtrl+Enter' },
  // Not CmdOrCtrl+.: that is the editor's quick fix.
  'send.cancel': { title: 'Cancel send', group: 'Send', keys: 'CmdOrCtrl+Shift+X' },
  'view.composer': { title: 'Show the composer', group: 'View', keys: 'CmdOrCtrl+1' },
  'view.history': { title: 'Show the history', group: 'View', keys: 'CmdOrCtrl+2' },
  'view.sandbox': { title: 'Show the sandbox', group: 'View', keys: 'CmdOrCtrl+3' },
  'view.runs': { title: 'Show the runs', group: 'View', keys: 'CmdOrCtrl+4' },
  'view.json': { title: 'Edit as JSON', group: 'View' },
  'view.form': { title: 'Edit as a form', group: 'View' },
  'view.theme.system': { title: 'Appearance: follow the system', group: 'View' },
  'view.theme.light': { title: 'Appearance: light', group: 'View' },
  'view.theme.dark': { title: 'Appearance: dark', group: 'View' },
  'history.find': { title: 'Find in history', group: 'History', keys: 'CmdOrCtrl+Shift+F' },
  'environment.new': { title: 'New environment…', group: 'Environment' },
  'environment.edit': { title: 'Edit the active environment…', group: 'Environment' },
  'session.login': { title: 'Log in…', group: 'Environment', keys: 'CmdOrCtrl+L' },
  'session.logout': { title: 'Log out', group: 'Environment' },
  'help.palette': { title: 'Command palette…', group: 'Help', keys: 'CmdOrCtrl+K' },
  'help.shortcuts': { title: 'Keyboard shortcuts', group: 'Help', keys: 'CmdOrCtrl+/' },
  'help.about': { title: 'About EventDesk', group: 'Help', keys: 'F1' },
  'help.docs': { title: 'Documentation', group: 'Help' },
  'help.dataFolder': { title: 'Open the data folder', group: 'Help' },
  'help.diagnostics': { title: 'Export diagnostics…', group: 'Help' },
  // Not in a native menu (the View group's menu lists its own): the palette and the button beside the tabs.
  'batch.compare': { title: 'Compare with another open batch…', group: 'View' },
  // Not in a native menu either: the Sandbox tab's own button beside its Clear.
  'view.sandboxSettings': { title: "Collapse or expand the sandbox's settings column", group: 'View', keys: 'CmdOrCtrl+Alt+B' },
  // Event operations: on the selection in the Form view, on the event under the cursor in the
  // JSON view. None of these keys is Monaco's (Alt+Up/Down moves lines there, so moving events
  // takes Alt+Shift+PageUp/PageDown); Delete alone deletes the selection with the list focused.
  'events.add': { title: 'Add event', group: 'Edit', keys: 'CmdOrCtrl+Alt+N' },
  'events.duplicate': { title: 'Duplicate event', group: 'Edit', keys: 'CmdOrCtrl+Shift+D' },
  'events.delete': { title: 'Delete event', group: 'Edit', keys: 'CmdOrCtrl+Shift+Backspace' },
  'events.moveUp': { title: 'Move event up', group: 'Edit', keys: 'Alt+Shift+PageUp' },
  'events.moveDown': { title: 'Move event down', group: 'Edit', keys: 'Alt+Shift+PageDown' },
  'events.selectInList': { title: 'Select event in list', group: 'Edit' },
  'events.filter': { title: 'Filter events…', group: 'Edit' },
  'events.keepMatching': { title: 'Keep only the events matching the filter', group: 'Edit' },
  'events.deleteMatching': { title: 'Delete the events matching the filter', group: 'Edit' },
  // The batch's undo where Monaco is not there to take the keys: the Form view, outside a text
  // field (a text field, and the JSON view, keep their own undo; see renderer/commands/keyboard.ts).
  'edit.undo': { title: 'Undo in the Form view', group: 'Edit', keys: 'CmdOrCtrl+Z' },
  'edit.redo': { title: 'Redo in the Form view', group: 'Edit', keys: 'CmdOrCtrl+Shift+Z' },
  // Tracking plans: a draft from events or from another tool's export, reviewed, then saved as a file.
  'plan.draft': { title: 'Draft a tracking plan…', group: 'File' },
  'plan.inferFromBatch': { title: 'Infer a tracking plan from this batch', group: 'File' },
  // Replay: events saved from a capture (JSON, NDJSON, HAR) sent on to any environment.
  'replay.file': { title: "Replay a file's events to an environment…", group: 'Send' },
  // Workspaces (issue #18): a folder of environments, batches, plans and scenarios kept in git.
  'workspace.open': { title: 'Open workspace…', group: 'File' },
  'workspace.close': { title: 'Close workspace', group: 'File' },
};

export const commandIds = CommandIdSchema.options;

/** A shortcut as people read it on this platform: "Ctrl+Shift+S", or "⌘⇧S" on macOS. */
export function keysLabel(keys: string, mac: boolean): string {
  const parts = keys.split('+');
  const names: Record<string, [mac: string, other: string]> = {
    CmdOrCtrl: ['⌘', 'Ctrl'],
    Ctrl: ['⌃', 'Ctrl'],
    Shift: ['⇧', 'Shift'],
    Alt: ['⌥', 'Alt'],
    Enter: ['↩', 'Enter'],
  };
  const shown = parts.map((part) => names[part]?.[mac ? 0 : 1] ?? part);
  return mac ? shown.join('') : shown.join('+');
}

/**
 * Whether a key event is this shortcut: the same modifiers exactly (CmdOrCtrl is Cmd on macOS,
 * Ctrl elsewhere) and the same key, by its character or, for letters and digits, by its
 * physical key (Alt changes the character on macOS).
 */
export function matchesKeys(
  keys: string,
  event: { key: string; code: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
  mac: boolean,
): boolean {
  const parts = keys.split('+');
  const key = parts.at(-1)!.toLowerCase();
  const modifiers = new Set(parts.slice(0, -1));
  const command = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  if (other || command !== modifiers.has('CmdOrCtrl') || event.shiftKey !== modifiers.has('Shift') || event.altKey !== modifiers.has('Alt')) return false;
  // The physical key only when the character says nothing (Alt on macOS, a non-Latin layout):
  // on AZERTY, Ctrl+Z is the key where QWERTY has W, and must stay undo.
  if (/^[a-z0-9]$/i.test(event.key) || event.key.length !== 1) return event.key.toLowerCase() === key;
  return event.code === `Key${key.toUpperCase()}` || event.code === `Digit${key}` || event.key === key;
}

/** What main pushes when a menu item, a file opened from the OS, or a second launch asks for something. */
export const AppCommandSchema = z.object({
  command: CommandIdSchema,
});
export type AppCommand = z.infer<typeof AppCommandSchema>;
