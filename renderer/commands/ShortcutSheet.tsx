import './commands.css';
import { useState } from 'react';
import { commandIds, commands, keysLabel } from '../../app/common/commands.ts';
import { CloseButton, Modal } from '../base/widgets/Modal.tsx';
import { isMac, useCommand } from '../base/state/command-registry.ts';

/**
 * Monaco's own keys that matter for batches (see monaco-editor's codeAction, find and gotoError
 * contributions). No command takes one of them (a test says so), so each always works in the editor.
 */
export const editorKeys = [
  { title: 'Quick fix for the problem at the cursor', keys: 'CmdOrCtrl+.' },
  { title: 'Go to the next problem', keys: 'F8' },
  { title: 'Find in the editor', keys: 'CmdOrCtrl+F' },
  { title: 'Find and replace in the editor', keys: 'CmdOrCtrl+H' },
  // Tab indents in the editor; keyboard users need this to leave it with Tab.
  { title: 'Tab moves the focus instead of indenting (on or off)', keys: 'Ctrl+M', macKeys: 'Ctrl+Shift+M' },
];

interface Group {
  name: string;
  /** `macKeys` where macOS differs by more than Cmd for Ctrl. */
  rows: { title: string; keys: string; macKeys?: string }[];
}

function groups(): Group[] {
  const byName = new Map<string, Group>();
  for (const id of commandIds) {
    const { title, group, keys } = commands[id];
    if (!keys) continue;
    if (!byName.has(group)) byName.set(group, { name: group, rows: [] });
    byName.get(group)!.rows.push({ title, keys });
  }
  return [...byName.values(), { name: 'In the JSON editor', rows: editorKeys }];
}

/** Every shortcut, grouped as the menus are (Ctrl/Cmd+/). */
export function ShortcutSheet() {
  const [open, setOpen] = useState(false);
  useCommand('help.shortcuts', () => setOpen(true));
  const mac = isMac();

  return (
    <Modal open={open} onClose={() => setOpen(false)} labelledBy="shortcuts-title" className="shortcut-sheet">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <div className="shortcut-groups">
        {groups().map((group, index) => (
          <section key={group.name} aria-labelledby={`shortcuts-group-${index}`}>
            <h3 id={`shortcuts-group-${index}`}>{group.name}</h3>
            <dl>
              {group.rows.map((row) => (
                <div key={row.title}>
                  <dt>{row.title}</dt>
                  <dd>
                    <kbd>{keysLabel(mac && row.macKeys ? row.macKeys : row.keys, mac)}</kbd>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <CloseButton />
    </Modal>
  );
}
