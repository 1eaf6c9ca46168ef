import Editor from '@monaco-editor/react';
import '../monaco/setup.ts';
import { useComposer } from '../state/composer.ts';
import { useColorScheme } from '../theme.ts';

/** Loaded on demand (see Shell): Monaco is most of the renderer's code, and the shell need not wait for it. */
export default function BatchEditor() {
  const text = useComposer((state) => state.text);
  const setText = useComposer((state) => state.setText);
  const scheme = useColorScheme();
  return (
    <div className="batch-editor" data-testid="batch-editor">
      <Editor
        path="batch.json"
        language="json"
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        value={text}
        onChange={(value) => setText(value ?? '')}
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
