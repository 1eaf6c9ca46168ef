import Editor from '@monaco-editor/react';
import '../monaco/setup.ts';
import { useColorScheme } from '../base/theme.ts';
import type { BatchViewerProps } from '../base/editors.ts';

/** A batch as sent, in a read-only editor: folding, search and a minimap on a large one. Loaded on demand, with Monaco. */
export default function BatchViewer({ text }: BatchViewerProps) {
  const scheme = useColorScheme();
  return (
    <div className="batch-viewer" data-testid="batch-viewer">
      <Editor
        value={text}
        language="json"
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        options={{
          readOnly: true,
          domReadOnly: true,
          minimap: { enabled: text.length > 20_000 },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 12,
          ariaLabel: 'The batch as sent',
        }}
      />
    </div>
  );
}
