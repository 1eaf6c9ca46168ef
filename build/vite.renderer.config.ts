import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

const projectRoot = path.resolve(import.meta.dirname, '..');

/**
 * Monaco's chunk (renderer/shell/editors.ts) is a dynamic import, fetched once the shell has
 * rendered, and not preloaded from the page's head: Chromium compiled a preloaded 3.5 MB chunk
 * before the entry ran, which held the first paint back (the composer took typing at 991 ms with
 * the preload, 674 ms without; the editor showed at 1 421 and 1 426 ms, npm run bench -- cold-start).
 * Until it arrives the composer shows the batch as plain text (composer/PlainBatchEditor.tsx).
 */
export default defineConfig({
  root: path.join(projectRoot, 'renderer'),
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: path.join(projectRoot, '.vite', 'renderer', 'main_window'),
    emptyOutDir: true,
    // Monaco is one large chunk by nature; it is loaded from disk, not the network.
    chunkSizeWarningLimit: 6000,
  },
});
