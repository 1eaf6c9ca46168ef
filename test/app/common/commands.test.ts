import { describe, expect, it } from 'vitest';
import { commandIds, commands, keysLabel, matchesKeys } from '../../../app/common/commands.ts';

const key = (overrides: Partial<Parameters<typeof matchesKeys>[1]>) => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...overrides,
});

describe('commands', () => {
  it('gives every command a title, and no two the same shortcut', () => {
    const shortcuts = commandIds.map((id) => commands[id].keys).filter(Boolean);
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
    for (const id of commandIds) expect(commands[id].title.length).toBeGreaterThan(3);
  });

  it('shows a shortcut the way each platform writes it', () => {
    expect(keysLabel('CmdOrCtrl+Shift+S', false)).toBe('Ctrl+Shift+S');
    expect(keysLabel('CmdOrCtrl+Shift+S', true)).toBe('⌘⇧S');
    expect(keysLabel('Ctrl+Shift+M', true)).toBe('⌃⇧M');
    expect(keysLabel('F1', false)).toBe('F1');
  });

  it('matches a key event only with exactly the shortcut’s modifiers', () => {
    expect(matchesKeys('CmdOrCtrl+S', key({ key: 's', code: 'KeyS', ctrlKey: true }), false)).toBe(true);
    expect(matchesKeys('CmdOrCtrl+S', key({ key: 's', code: 'KeyS', metaKey: true }), true)).toBe(true);
    expect(matchesKeys('CmdOrCtrl+S', key({ key: 's', code: 'KeyS', metaKey: true }), false)).toBe(false);
    expect(matchesKeys('CmdOrCtrl+S', key({ key: 'S', code: 'KeyS', ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(matchesKeys('CmdOrCtrl+Shift+S', key({ key: 'S', code: 'KeyS', ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchesKeys('Shift+Alt+F', key({ key: 'Ï', code: 'KeyF', shiftKey: true, altKey: true }), true)).toBe(true);
    expect(matchesKeys('CmdOrCtrl+/', key({ key: '/', code: 'Slash', ctrlKey: true }), false)).toBe(true);
    expect(matchesKeys('CmdOrCtrl+Enter', key({ key: 'Enter', code: 'Enter', ctrlKey: true }), false)).toBe(true);
    expect(matchesKeys('F1', key({ key: 'F1', code: 'F1' }), false)).toBe(true);
    expect(matchesKeys('CmdOrCtrl+2', key({ key: '2', code: 'Digit2', ctrlKey: true }), false)).toBe(true);
    // The character decides when it is a Latin letter: AZERTY's Ctrl+Z sits where QWERTY has W.
    expect(matchesKeys('CmdOrCtrl+W', key({ key: 'z', code: 'KeyW', ctrlKey: true }), false)).toBe(false);
    expect(matchesKeys('CmdOrCtrl+I', key({ key: 'c', code: 'KeyI', ctrlKey: true }), false)).toBe(false);
    // The physical key decides when the character says nothing: a Cyrillic layout.
    expect(matchesKeys('CmdOrCtrl+W', key({ key: 'ц', code: 'KeyW', ctrlKey: true }), false)).toBe(true);
  });
});
