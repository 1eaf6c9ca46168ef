import { create } from 'zustand';

/**
 * The "Draft a tracking plan" dialog: whether it is open, and where a plan saved from it may
 * go. From the palette, the menu or the composer it is the active environment (plans:use);
 * from the environment editor, that editor's form, which applies it when the environment is
 * saved, as a plan chosen with Choose… does.
 */

export type PlanUse = { to: 'active' } | { to: 'form'; choose: (path: string) => void };

/** Where the dialog infers from at once: the open batch ("Infer a tracking plan from this batch"), the capture ("Infer a plan from the capture"). */
export type InferAtOpen = 'batch' | 'capture';

interface Opened {
  inferNow: InferAtOpen | null;
  use: PlanUse;
}

interface PlanDraftState {
  opened: Opened | null;
  open: (options?: Partial<Opened>) => void;
  close: () => void;
}

export const usePlanDraft = create<PlanDraftState>((set) => ({
  opened: null,
  open: (options = {}) => set({ opened: { inferNow: options.inferNow ?? null, use: options.use ?? { to: 'active' } } }),
  close: () => set({ opened: null }),
}));
