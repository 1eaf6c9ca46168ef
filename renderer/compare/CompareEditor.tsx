import { DiffEditor } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import '../monaco/setup.ts';
import type { monaco } from '../monaco/setup.ts';
import { useColorScheme } from '../base/theme.ts';
import type { CompareEditorProps } from '../base/editors.ts';

/** Two texts side by side with their differences marked, `sides` naming each for a screen reader. Loaded on demand, with Monaco. */
export default function CompareEditor({ original, modified, label, sides }: CompareEditorProps) {
  const scheme = useColorScheme();
  const editor = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);

  // The wrapper would dispose the two models before the diff editor lets go of them, which
  // Monaco reports as an error; it keeps them instead, and they go once the editor is gone.
  useEffect(
    () => () => {
      const models = editor.current?.getModel();
      setTimeout(() => {
        models?.original.dispose();
        models?.modified.dispose();
      });
    },
    [],
  );

  return (
    <div className="compare-editor" data-testid="compare-editor">
      <DiffEditor
        original={original}
        modified={modified}
        language="json"
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        onMount={(mounted) => {
          editor.current = mounted;
          // The diff editor's own aria options do not reach its two inner editors' input elements.
          mounted.getOriginalEditor().updateOptions({ ariaLabel: `${label}: ${sides[0]}` });
          mounted.getModifiedEditor().updateOptions({ ariaLabel: `${label}: ${sides[1]}` });
        }}
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          automaticLayout: true,
          fontSize: 12,
          scrollBeyondLastLine: false,
        }}
      />
    </div>
  );
}
