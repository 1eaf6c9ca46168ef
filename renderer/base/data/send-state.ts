import { create } from 'zustand';
import type { SendProgress } from '../../../features/history/common/submission.ts';

/** A send asked for and not yet started: its batch is being read, resolved and checked. */
export interface Preparing {
  environmentName: string;
}

/** Which submission each batch sent last, the newest progress of each submission, and the sends being prepared. */
interface SendState {
  lastByBatch: Record<string, string>;
  progress: Record<string, SendProgress>;
  preparing: Record<string, Preparing>;
  sent: (batchId: string, submissionId: string) => void;
  progressed: (progress: SendProgress) => void;
  /** Said the moment Send is clicked, so the click shows at once; `null` when the start has answered. */
  prepare: (batchId: string, preparing: Preparing | null) => void;
  /**
   * The services stopped and were restarted: the sends going on then were cut short and will say
   * no more. Their progress is dropped, so their answers are read from the history (interrupted,
   * with Resume). Answers how many there were.
   */
  cutShort: () => number;
}

export const useSendState = create<SendState>((set, get) => ({
  lastByBatch: {},
  progress: {},
  preparing: {},
  sent: (batchId, submissionId) => set((state) => ({ lastByBatch: { ...state.lastByBatch, [batchId]: submissionId } })),
  progressed: (progress) => set((state) => ({ progress: { ...state.progress, [progress.submissionId]: progress } })),
  prepare: (batchId, preparing) =>
    set((state) => {
      const { [batchId]: _done, ...others } = state.preparing;
      return { preparing: preparing ? { ...others, [batchId]: preparing } : others };
    }),
  cutShort: () => {
    const all = Object.values(get().progress);
    const going = all.filter((progress) => progress.status === 'sending');
    set({ progress: Object.fromEntries(all.filter((progress) => progress.status !== 'sending').map((progress) => [progress.submissionId, progress])) });
    return going.length;
  },
}));
