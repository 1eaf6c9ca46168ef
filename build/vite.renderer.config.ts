import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

const projectRoot = path.resolve(import.meta.dirname, '..');

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
