import { useEffect } from 'react';
import { commandIds, commands, matchesKeys, type CommandId } from '../../app/common/commands.ts';
import { availabilityOf, isMac, runCommand } from '../base/state/command-registry.ts';

/**
 * A form field where typed characters go. Monaco is not one here: Shift+Alt+F formats it on
 * every platform (its own binding is Ctrl+Shift+I on Linux).
 */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.closest('.monaco-editor')) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

/** A shortcut without Ctrl/Cmd whose key is a character (Shift+Alt+F types "Ï" on macOS) is left to a text field. */
function couldType(id: CommandId): boolean {
  const parts = commands[id].keys!.split('+');
  return !parts.includes('CmdOrCtrl') && parts.at(-1)!.length === 1;
}

/** Commands whose keys a text field keeps for itself, in a dialog too: its own undo and redo. */
const TEXT_FIELD_KEYS: ReadonlySet<CommandId> = new Set(['edit.undo', 'edit.redo']);

/**
 * Every shortcut of the command list, from one listener. It listens in the capture phase, so the
 * Ctrl/Cmd shortcuts work inside Monaco too, and takes the keys it uses from whatever had the
 * focus. A command that cannot run now leaves its keys alone: Ctrl+. is then the editor's quick
 * fix. Behind an open dialog nothing runs, but the keys are still taken, so neither does the
 * browser's own (Ctrl+S saving the page). The native menus show these shortcuts without
 * registering them (app/electron-main/menu.ts), so this listener is their only path.
 */
export function useCommandKeys(): void {
  useEffect(() => {
    const mac = isMac();
    const onKey = (event: KeyboardEvent) => {
      const id = commandIds.find((candidate) => {
        const keys = commands[candidate].keys;
        return keys !== undefined && matchesKeys(keys, event, mac);
      });
      if (!id || ((couldType(id) || TEXT_FIELD_KEYS.has(id)) && isTextField(event.target))) return;
      const inDialog = event.target instanceof Element && event.target.closest('dialog[open]') !== null;
      if (!inDialog && !availabilityOf(id).enabled) return;
      event.preventDefault();
      event.stopPropagation();
      if (!inDialog && !event.repeat) runCommand(id);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
