import { defineConfig } from 'vite';

// A sandboxed preload can only require 'electron': everything else is bundled in.
export default defineConfig({
  build: { sourcemap: true },
});
