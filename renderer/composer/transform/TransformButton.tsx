import { useState } from 'react';
import { useCommand } from '../../base/state/command-registry.ts';
import type { monaco } from '../../monaco/setup.ts';
import { useApi } from '../../base/queries.ts';
import type { Batch } from '../../base/state/composer.ts';
import { useTransformTargets } from '../../base/state/event-selection.ts';
import { useUi } from '../../base/state/ui.ts';
import type { TransformKind } from './transform-inputs.ts';
import { pseudonymsFrom } from './pseudonyms.ts';
import { TransformDialog } from './TransformDialog.tsx';

/** The toolbar's "Transform…" and the palette's transform commands: each opens the dialog on its form. */
export function TransformButton({
  batch,
  model,
  timeZone,
  serviceIdField,
}: {
  batch: Batch;
  model: monaco.editor.ITextModel;
  timeZone: string;
  serviceIdField: string;
}) {
  const api = useApi();
  // The events chosen in the Form view's list, else those its filter shows, else every event.
  const { indexes, filtered } = useTransformTargets(batch.id);
  const [open, setOpen] = useState<TransformKind | null>(null);
  const opener = (kind: TransformKind) => () => {
    useUi.getState().show('composer');
    setOpen(kind);
  };
  useCommand('transform.shift', opener('shift'));
  useCommand('transform.pseudonymize', opener('pseudonymize'));
  useCommand('transform.set', opener('set'));

  const askPseudonyms = pseudonymsFrom(api);
  return (
    <>
      <button type="button" className="small" onClick={opener('shift')} title="Shift times, pseudonymize or set a field, previewed first">
        Transform…
      </button>
      {open && (
        <TransformDialog
          batchId={batch.id}
          batchName={batch.name}
          model={model}
          timeZone={timeZone}
          serviceIdField={serviceIdField}
          indexes={indexes}
          filtered={filtered}
          initial={open}
          askPseudonyms={askPseudonyms}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
