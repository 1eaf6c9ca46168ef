import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';
import { commands, keysLabel, type CommandId } from '../../../app/common/commands.ts';
import { useNotices } from './ui.ts';

/**
 * Who runs each command right now. A component registers the handler of a command while it is
 * mounted (`useCommand`), so the palette, the keyboard and a native menu (main's `app:command`
 * push) all reach the same code through `runCommand`. When two are mounted, the newest wins.
 */

interface Registration {
  run: () => unknown;
  enabled: boolean;
  /** Why it cannot run now, shown in the palette; null when it can. */
  reason: string | null;
}

const useRegistry = create<{ registered: Partial<Record<CommandId, Registration[]>> }>(() => ({ registered: {} }));

function register(id: CommandId, registration: Registration): () => void {
  const change = (update: (list: Registration[]) => Registration[]) =>
    useRegistry.setState((state) => ({ registered: { ...state.registered, [id]: update(state.registered[id] ?? []) } }));
  change((list) => [...list, registration]);
  return () => change((list) => list.filter((other) => other !== registration));
}

export interface CommandOptions {
  /** False when the command cannot run now; the palette shows it disabled with the reason. */
  enabled?: boolean;
  reason?: string;
}

/** Makes this component the handler of a command while it is mounted. */
export function useCommand(id: CommandId, run: () => unknown, { enabled = true, reason = 'Not available now' }: CommandOptions = {}): void {
  const onRun = useEffectEvent(run);
  useEffect(() => register(id, { run: () => onRun(), enabled, reason: enabled ? null : reason }), [id, enabled, reason]);
}

/**
 * Commands no mounted component offers: the batch ones live in the editor, the session ones in the
 * session bar, the filter's in the Form view, the sandbox's settings in its tab.
 */
function unregisteredReason(id: CommandId): string {
  if (id === 'events.keepMatching' || id === 'events.deleteMatching') return 'Filter the events in the Form view first';
  if (id === 'view.sandboxSettings') return 'Show the sandbox first';
  return id.startsWith('session.') ? 'No environment is active' : 'No batch is open';
}

export interface Availability {
  enabled: boolean;
  reason: string | null;
}

function availabilityIn(registered: Partial<Record<CommandId, Registration[]>>, id: CommandId): Availability {
  const current = registered[id]?.at(-1);
  return current ? { enabled: current.enabled, reason: current.reason } : { enabled: false, reason: unregisteredReason(id) };
}

export function availabilityOf(id: CommandId): Availability {
  return availabilityIn(useRegistry.getState().registered, id);
}

/** Whether each command can run, kept current as components mount and their state changes. */
export function useAvailability(): (id: CommandId) => Availability {
  const registered = useRegistry((state) => state.registered);
  return (id) => availabilityIn(registered, id);
}

/** Runs a command if it can run now; false when it cannot (nothing happens then). */
export function runCommand(id: CommandId): boolean {
  const current = useRegistry.getState().registered[id]?.at(-1);
  if (!current?.enabled) return false;
  const result = current.run();
  if (result instanceof Promise) {
    result.catch((error: unknown) => useNotices.getState().notify('error', `${commands[id].title}: ${error instanceof Error ? error.message : String(error)}`));
  }
  return true;
}

export function isMac(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform: string } }).userAgentData?.platform ?? navigator.platform;
  return /mac|iphone|ipad/i.test(platform);
}

/** The command's shortcut as this platform writes it ("Ctrl+S", "⌘S"), or null when it has none. */
export function shortcutOf(id: CommandId): string | null {
  const keys = commands[id].keys;
  return keys ? keysLabel(keys, isMac()) : null;
}

/** A tooltip naming the shortcut too: "Save to a file (Ctrl+S)". */
export function withShortcut(text: string, id: CommandId): string {
  const shortcut = shortcutOf(id);
  return shortcut ? `${text} (${shortcut})` : text;
}
