import Editor from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { monaco } from '../monaco/setup.ts';
import { useColorScheme } from '../base/theme.ts';
import type { BatchViewerProps } from '../base/editors.ts';
import { BIG_TEXT_CHARS } from '../monaco/big-text.ts';
import { asModelSource, bufferInSlices } from '../monaco/text-buffer.ts';

let viewedModels = 0;

/**
 * A big text's model, its buffer built a slice a task (text-buffer.ts) so opening 100 000 events
 * takes no long task for it; null while it is built. The model is this viewer's: it goes when the
 * viewer does, or shows another text.
 */
function useBigTextModel(text: string, big: boolean): string | null {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    if (!big) return;
    let model: monaco.editor.ITextModel | null = null;
    let live = true;
    void bufferInSlices(text).then((buffer) => {
      if (!live) return;
      model = monaco.editor.createModel(asModelSource(buffer), 'plaintext', monaco.Uri.parse(`viewed-batch-${++viewedModels}.txt`));
      setPath(model.uri.toString());
    });
    return () => {
      live = false;
      model?.dispose();
      setPath(null);
    };
  }, [text, big]);
  return path;
}

/**
 * A batch as sent, in a read-only editor: folding, search and a minimap on a large one; on a big
 * one (BIG_TEXT_CHARS) plain text without them, which kept a 100 000-event batch from copying
 * itself to Monaco's worker as it opened (longest frame 267 -> 233 ms, long tasks 3 -> 1, npm run
 * bench -- composer-ui), its model made from a buffer built in slices. Loaded on demand, with Monaco.
 */
export default function BatchViewer({ text }: BatchViewerProps) {
  const scheme = useColorScheme();
  const big = text.length > BIG_TEXT_CHARS;
  const bigModel = useBigTextModel(text, big);
  if (big && bigModel === null)
    return (
      <div className="batch-viewer" data-testid="batch-viewer">
        <p className="empty" role="status">
          Loading the batch…
        </p>
      </div>
    );
  return (
    <div className="batch-viewer" data-testid="batch-viewer">
      <Editor
        // A big text's model is made here (useBigTextModel) and kept from the editor, which would dispose it.
        {...(bigModel === null ? { value: text } : { path: bigModel, keepCurrentModel: true, saveViewState: false })}
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
