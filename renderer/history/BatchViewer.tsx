import Editor from '@monaco-editor/react';
import '../monaco/setup.ts';
import { useColorScheme } from '../base/theme.ts';
import type { BatchViewerProps } from '../base/editors.ts';
import { BIG_TEXT_CHARS } from '../monaco/big-text.ts';

/**
 * A batch as sent, in a read-only editor: folding, search and a minimap on a large one; on a big
 * one (BIG_TEXT_CHARS) plain text without them, which kept a 100 000-event batch from copying
 * itself to Monaco's worker as it opened (longest frame 267 -> 233 ms, long tasks 3 -> 1, npm run
 * bench -- composer-ui). Loaded on demand, with Monaco.
 */
export default function BatchViewer({ text }: BatchViewerProps) {
  const scheme = useColorScheme();
  const big = text.length > BIG_TEXT_CHARS;
  return (
    <div className="batch-viewer" data-testid="batch-viewer">
      <Editor
        value={text}
        language={big ? 'plaintext' : 'json'}
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        options={{
          readOnly: true,
          domReadOnly: true,
          minimap: { enabled: text.length > 20_000 && !big },
          folding: !big,
          links: !big,
          unicodeHighlight: { ambiguousCharacters: !big, invisibleCharacters: !big, nonBasicASCII: false },
          wordBasedSuggestions: 'off',
          occurrencesHighlight: big ? 'off' : 'singleFile',
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 12,
          ariaLabel: 'The batch as sent',
        }}
      />
    </div>
  );
}
