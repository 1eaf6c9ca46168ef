import { create } from 'zustand';
import type { SendProgress } from '../../shared/submission.ts';

/** Which submission each batch sent last, and the newest progress of each submission. */
interface SendState {
  lastByBatch: Record<string, string>;
  progress: Record<string, SendProgress>;
  sent: (batchId: string, submissionId: string) => void;
  progressed: (progress: SendProgress) => void;
}

export const useSendState = create<SendState>((set) => ({
  lastByBatch: {},
  progress: {},
  sent: (batchId, submissionId) => set((state) => ({ lastByBatch: { ...state.lastByBatch, [batchId]: submissionId } })),
  progressed: (progress) => set((state) => ({ progress: { ...state.progress, [progress.submissionId]: progress } })),
}));
