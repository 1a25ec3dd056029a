import { defineConfig } from 'vitest/config';

// The suite's own helpers (not the Playwright specs): plain Node tests.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
