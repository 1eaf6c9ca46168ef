import Editor from '@monaco-editor/react';
import '../monaco/setup.ts';
import { useActiveBatch, useComposer } from '../state/composer.ts';
import { useColorScheme } from '../theme.ts';

/** Loaded on demand (see Shell): Monaco is most of the renderer's code, and the shell need not wait for it. */
export default function BatchEditor() {
  const batch = useActiveBatch();
  const setText = useComposer((state) => state.setText);
  const scheme = useColorScheme();
  if (!batch) return <p className="empty">No batch is open. Start one with +.</p>;
  return (
    <div className="batch-editor" data-testid="batch-editor">
      <Editor
        // One model per batch, so each keeps its own undo history and cursor.
        path={`batch-${batch.id}.json`}
        language="json"
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        value={batch.text}
        onChange={(value) => setText(batch.id, value ?? '')}
        loading={<p className="empty">Loading the editor…</p>}
        options={{
          minimap: { enabled: false },
          fontSize: 13,
          tabSize: 2,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fixedOverflowWidgets: true,
          ariaLabel: 'Batch JSON',
        }}
      />
    </div>
  );
}
