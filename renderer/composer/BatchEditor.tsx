import Editor from '@monaco-editor/react';
import { useComposer } from '../state/composer.ts';
import { useColorScheme } from '../theme.ts';

export function BatchEditor() {
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
