import { create } from 'zustand';

/**
 * Which of the Sandbox tab's views shows (Requests or Events), and the captured request the
 * Events view last asked to see: "Show request #12" switches to Requests with its id here, for
 * the Requests view to bring forward.
 */
export type SandboxView = 'requests' | 'events';

interface SandboxViewState {
  view: SandboxView;
  /** A captured request's id, from an event's "request" cell; null when none was asked for. */
  shownRequest: number | null;
  show(view: SandboxView): void;
  showRequest(id: number): void;
}

export const useSandboxView = create<SandboxViewState>((set) => ({
  view: 'requests',
  shownRequest: null,
  show: (view) => set({ view }),
  showRequest: (id) => set({ view: 'requests', shownRequest: id }),
}));
