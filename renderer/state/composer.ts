import { create } from 'zustand';

/** The open batch. Its JSON text is the single source of truth; every view edits the text. */
interface ComposerState {
  text: string;
  setText: (text: string) => void;
}

export const starterBatch = `[
  {
    "token": "evt-0001",
    "customer_id": "customer-42",
    "device_id": "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    "svc_id": 1001,
    "created_at": "2026-11-22 09:30:00",
    "attributes": {
      "plan": "pro",
      "spend": "19.99"
    }
  }
]
`;

export const useComposer = create<ComposerState>((set) => ({
  text: starterBatch,
  setText: (text) => set({ text }),
}));
