import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/{base,features,app,build,renderer,lint,harness,cli-package,github}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Test workers run without V8's memory protection keys: see NODE_FLAGS in test/run.ts.
    execArgv: ['--no-memory-protection-keys'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
