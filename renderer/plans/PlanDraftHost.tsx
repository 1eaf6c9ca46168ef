import { useCommand } from '../base/state/command-registry.ts';
import { useActiveBatch } from '../base/state/composer.ts';
import { usePlanDraft } from '../base/data/plan-draft-state.ts';
import { PlanDraftDialog } from './PlanDraftDialog.tsx';

/** The draft dialog's place in the shell, and the two commands that open it (the palette, the File menu). */
export function PlanDraftHost() {
  const batch = useActiveBatch();
  const opened = usePlanDraft((state) => state.opened);
  const { open, close } = usePlanDraft.getState();
  useCommand('plan.draft', () => open());
  useCommand('plan.inferFromBatch', () => open({ inferNow: 'batch' }), { enabled: batch !== null, reason: 'No batch is open' });
  return opened && <PlanDraftDialog batch={batch} inferNow={opened.inferNow} use={opened.use} onClose={close} />;
}
