import { create } from 'zustand';

/**
 * What is to be replayed, and whether the Replay dialog is open: events taken from somewhere
 * (the Sandbox tab's captured events) to be sent on to any environment through the normal send
 * path. Whoever has the events opens it; the dialog (mounted once, in the shell) does the rest.
 */
export interface ReplayRequest {
  /** The events as a JSON array's text, as a batch file holds them. */
  eventsText: string;
  count: number;
  /** Where they came from, as the dialog names it: "12 captured events (accepted, customer_id = c-42)". */
  source: string;
}

interface ReplayState {
  request: ReplayRequest | null;
  /** How many times a replay was opened: each opening starts the dialog afresh, even over one still open. */
  opened: number;
  open(request: ReplayRequest): void;
  close(): void;
}

export const useReplay = create<ReplayState>((set) => ({
  request: null,
  opened: 0,
  open: (request) => set((state) => ({ request, opened: state.opened + 1 })),
  close: () => set({ request: null }),
}));
