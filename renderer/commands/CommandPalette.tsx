import './commands.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { commandIds, commands } from '../../app/common/commands.ts';
import { useEnvironmentActions, useEnvironments } from '../base/data/environment-queries.ts';
import { Modal } from '../base/widgets/Modal.tsx';
import { useComposer } from '../base/state/composer.ts';
import { useUi } from '../base/state/ui.ts';
import { matchScore } from './matching.ts';
import { runCommand, shortcutOf, useAvailability, useCommand } from '../base/state/command-registry.ts';

/** One row of the palette: a command, an open batch to go to, or an environment to switch to. */
interface Entry {
  key: string;
  title: string;
  group: string;
  shortcut: string | null;
  /** Why it cannot run now; null when it can. */
  reason: string | null;
  run: () => unknown;
}

function useEntries(): Entry[] {
  const availability = useAvailability();
  const batches = useComposer((state) => state.batches);
  const environments = useEnvironments().data;
  const { select } = useEnvironmentActions();

  const commandEntries = commandIds
    .filter((id) => id !== 'help.palette')
    .map((id): Entry => {
      const { enabled, reason } = availability(id);
      return {
        key: id,
        title: commands[id].title,
        group: commands[id].group,
        shortcut: shortcutOf(id),
        reason: enabled ? null : reason,
        run: () => runCommand(id),
      };
    });
  const batchEntries = batches.map((batch): Entry => ({
    key: `batch:${batch.id}`,
    title: `Go to batch: ${batch.name}`,
    group: 'Batches',
    shortcut: null,
    reason: null,
    run: () => {
      useComposer.getState().activate(batch.id);
      useUi.getState().show('composer');
    },
  }));
  const environmentEntries = (environments?.environments ?? []).map((environment): Entry => ({
    key: `environment:${environment.id}`,
    title: `Switch to environment: ${environment.name}`,
    group: 'Environments',
    shortcut: null,
    reason: environment.id === environments?.activeId ? 'It is the active environment' : null,
    run: () => select.mutate(environment.id),
  }));
  return [...commandEntries, ...batchEntries, ...environmentEntries];
}

function matching(entries: Entry[], query: string): Entry[] {
  return entries
    .map((entry) => ({ entry, score: matchScore(query, entry.title, entry.group) }))
    .filter((scored): scored is { entry: Entry; score: number } => scored.score !== null)
    .sort((a, b) => a.score - b.score)
    .map((scored) => scored.entry);
}

const optionId = (index: number) => `palette-option-${index}`;

function PaletteBody({ onChoose }: { onChoose: (run: () => unknown) => void }) {
  const entries = useEntries();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => matching(entries, query), [entries, query]);
  const current = Math.min(active, shown.length - 1);

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const choose = (entry: Entry | undefined) => {
    if (entry && entry.reason === null) onChoose(entry.run);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && shown.length > 0) {
      event.preventDefault();
      setActive((current + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[current]);
    }
  };

  return (
    <>
      <h2 id="palette-title" className="visually-hidden">
        Command palette
      </h2>
      <input
        className="palette-input"
        role="combobox"
        aria-label="Command, batch or environment"
        aria-expanded="true"
        aria-controls="palette-options"
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(current) : undefined}
        placeholder="Type a command, a batch or an environment…"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul className="palette-options" role="listbox" id="palette-options" aria-label="Commands">
        {shown.map((entry, index) => (
          <li
            key={entry.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            aria-disabled={entry.reason !== null}
            onMouseMove={() => setActive(index)}
            // The focus stays in the field, so the keys keep working after a click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(entry)}
          >
            <span className="palette-title">{entry.title}</span>
            {entry.reason && <span className="palette-reason">{entry.reason}</span>}
            <span className="palette-group">{entry.group}</span>
            {entry.shortcut && <kbd>{entry.shortcut}</kbd>}
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="empty" role="status">
          Nothing matches “{query}”.
        </p>
      )}
    </>
  );
}

/**
 * Every command by name (Ctrl/Cmd+K), with the open batches and the environments. The chosen
 * one runs once the palette has closed and the focus is back where it was, so a command that
 * moves the focus or opens a dialog of its own is not undone by the closing.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const chosen = useRef<(() => unknown) | null>(null);
  useCommand('help.palette', () => setOpen(true));

  useEffect(() => {
    const run = chosen.current;
    if (open || !run) return;
    chosen.current = null;
    run();
  }, [open]);

  return (
    <Modal open={open} onClose={() => setOpen(false)} labelledBy="palette-title" className="palette">
      <PaletteBody
        onChoose={(run) => {
          chosen.current = run;
          setOpen(false);
        }}
      />
    </Modal>
  );
}
