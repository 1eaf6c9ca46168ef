import { defineConfig } from 'vite';

// Forge supplies the entry, the CommonJS output and the externals (electron, node:*).
export default defineConfig({
  build: { sourcemap: true },
});
